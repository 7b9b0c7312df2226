// Making avatars (functions/generation/domain: create-batch.ts, start-tasks.ts, provider-budget.ts, worker.ts,
// task-finished.ts, abandoned-tasks.ts, try-again.ts, keep-anyway.ts, favourites.ts) against the in-memory
// ports of tests/support/fakes (the task store's rules: tests/contracts/task-store.contract.ts). What needs
// the real queue, DynamoDB's transactions under races and the provider's HTTP API stays in tests/integration.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { deadLetter, sweepOverdueTasks } from '../../functions/generation/domain/abandoned-tasks.ts';
import { batchFinishedEmail, galleryLink } from '../../functions/generation/domain/batch-email.ts';
import { createAvatarBatch, NEED_PHOTOS_MESSAGE } from '../../functions/generation/domain/create-batch.ts';
import { setFavourite } from '../../functions/generation/domain/favourites.ts';
import { keepWithheldAvatar } from '../../functions/generation/domain/keep-anyway.ts';
import type { TeamPayer } from '../../functions/generation/domain/ports.ts';
import {
  ACCOUNT_CAP_MESSAGE,
  budgetDay,
  OVERALL_CAP_MESSAGE,
  releaseProviderCalls,
  reserveProviderCalls,
} from '../../functions/generation/domain/provider-budget.ts';
import { afterTaskFinished } from '../../functions/generation/domain/task-finished.ts';
import { tryTaskAgain } from '../../functions/generation/domain/try-again.ts';
import { processTaskMessage } from '../../functions/generation/domain/worker.ts';
import { fakeGeneration } from '../support/fakes/generation.ts';

type World = ReturnType<typeof fakeGeneration>;
const KEY = 'create-1';

async function create(w: World, user: User, styles: number[], key: string | null = KEY, extra = {}) {
  return createAvatarBatch(w.create, user, { styles, style_prompts: styles.map(() => ''), ...extra }, key);
}

/** Delivers every queued message once, as the queue would. */
async function deliverAll(w: World, receiveCount = 1) {
  const out = [];
  for (const m of w.queue.receive())
    out.push(await processTaskMessage(w.worker, m, { receiveCount, remainingMs: 60_000 }));
  return out;
}

const balance = (w: World, userId: string) => {
  const u = w.accounts.peek(userId);
  return { subscription: u?.tokensSubscription, ltd: u?.tokensLtd };
};

async function errorOf(
  p: Promise<unknown>,
): Promise<{ code?: string; message: string; retryAfterSeconds?: number }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('create a batch', () => {
  it('charges monthly tokens first, then lifetime ones, with a ledger entry per pool, and queues each task', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensSubscription: 3, tokensLtd: 20 });
    const [a, b] = [await w.styles.get(1), await w.styles.get(2)];
    const cost = (a?.tokenCost ?? 0) + (b?.tokenCost ?? 0);
    const answer = await create(w, user, [1, 2]);
    expect(answer).toMatchObject({ tokens_spent: cost, tokens_left: 23 - cost, task_ids: expect.any(Array) });
    expect(answer.msg).toBe(
      '2 avatars are being created. They will appear in your gallery in about 30 seconds.',
    );
    expect(balance(w, user.id)).toEqual({ subscription: 0, ltd: 23 - cost });
    const ledger = await w.accounts.listLedger(user.id, 10);
    expect(ledger.map((e) => [e.reason, e.pool, e.amount])).toEqual(
      expect.arrayContaining([
        ['generation', 'subscription', -3],
        ['generation', 'ltd', -(cost - 3)],
      ]),
    );
    expect(w.queue.receive().map((m) => m.taskId)).toEqual(answer.task_ids);
    expect(w.tasks.all(user.id).map((t) => t.status)).toEqual(['TODO', 'TODO']);
    expect(w.metrics.values.TasksCreated).toEqual([2]);
    expect(w.budgetStore.used(user.id, budgetDay(w.clock.now()))).toBe(2);
  });

  it('answers in French for a French page, and one avatar in the singular', async () => {
    const w = fakeGeneration();
    const user = await w.user();
    expect((await create(w, user, [1], null, { lang: 'fr' })).msg).toBe(
      '1 avatar en cours de création. Ils apparaîtront dans votre galerie dans une trentaine de secondes.',
    );
    expect((await create(w, user, [2], null)).msg).toBe(
      '1 avatar is being created. It will appear in your gallery in about 30 seconds.',
    );
    // A French page names the result after the style's French name.
    const fr = w.tasks.all(user.id).find((t) => t.styleId === 1);
    const style = await w.styles.get(1);
    expect(fr?.slug).not.toBe('');
    expect(style?.translations.fr?.name).toBeTruthy();
  });

  it('refuses a short balance with what is needed, charging and counting nothing', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 1 });
    const e = await errorOf(create(w, user, [1, 2]));
    expect(e.code).toBe('NOT_ENOUGH_TOKENS');
    expect(balance(w, user.id)).toEqual({ subscription: 0, ltd: 1 });
    expect(w.tasks.all(user.id)).toEqual([]);
    expect(w.budgetStore.used(user.id, budgetDay(w.clock.now()))).toBe(0);
    expect(w.queue.bodies).toEqual([]);
  });

  it('answers the same batch to the same Idempotency-Key, charged once, and queues its waiting tasks again', async () => {
    const w = fakeGeneration();
    const user = await w.user();
    const first = await create(w, user, [1, 2]);
    w.queue.receive();
    const again = await create(w, user, [1, 2]);
    expect(again.batch_id).toBe(first.batch_id);
    expect(again.task_ids).toEqual(first.task_ids);
    expect(again.tokens_left).toBe(first.tokens_left);
    expect(w.tasks.all(user.id)).toHaveLength(2);
    expect(
      w.queue
        .receive()
        .map((m) => m.taskId)
        .sort(),
    ).toEqual([...first.task_ids].sort());
    expect(w.budgetStore.used(user.id, budgetDay(w.clock.now()))).toBe(2);
    // The same key for other styles is refused; after 24 h the key makes a new batch.
    expect(await errorOf(create(w, user, [3]))).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for other styles.',
    });
    w.clock.advance(24 * 3600 + 1);
    expect((await create(w, user, [1, 2])).batch_id).not.toBe(first.batch_id);
  });

  it('fails and refunds at once a task whose message could not be sent', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 50 });
    w.queue.down = true;
    const answer = await create(w, user, [1]);
    const cost = (await w.styles.get(1))?.tokenCost ?? 0;
    expect(answer.msg).toBe(
      '0 avatar is being created. It will appear in your gallery in about 30 seconds. 1 could not be started: its tokens were refunded.',
    );
    expect(answer).toMatchObject({ tokens_spent: 0, tokens_left: 50 });
    expect(w.tasks.all(user.id)[0]).toMatchObject({
      status: 'ERROR',
      errorCode: 'not-queued',
      refunded: true,
    });
    expect(balance(w, user.id).ltd).toBe(50);
    expect((await w.accounts.listLedger(user.id, 5))[0]).toMatchObject({
      reason: 'generation_refund',
      amount: cost,
    });
    expect(w.log.lines.some((l) => l.message === 'task not queued: failed and refunded')).toBe(true);
    expect(w.budgetStore.used(user.id, budgetDay(w.clock.now()))).toBe(0);
  });

  it.each([
    [{ styles: [] }, 'Please select at least one style'],
    [{ styles: [1, 1] }, 'Each style can be picked once per batch.'],
    [{ styles: [9999] }, 'Style 9999 is not available.'],
    [{ styles: Array.from({ length: 21 }, (_, i) => i + 1) }, 'You can create at most 20 avatars at once.'],
  ])('refuses %j: %s', async (req, message) => {
    const w = fakeGeneration();
    const user = await w.user();
    expect(await errorOf(create(w, user, req.styles))).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('refuses a request whose lists do not match, a bad key, missing photos or consent', async () => {
    const w = fakeGeneration();
    const user = await w.user();
    const ask = (req: object, key: string | null = null, who = user) =>
      errorOf(createAvatarBatch(w.create, who, { styles: [1], style_prompts: [''], ...req }, key));
    expect((await ask({ style_prompts: [] })).message).toBe(
      'style_prompts must hold one prompt per style, in the same order.',
    );
    expect((await ask({ style_choices: [] })).message).toBe(
      'style_choices must hold one entry per style, in the same order.',
    );
    expect((await ask({}, 'bad key with spaces')).message).toBe(
      'Idempotency-Key must be 1 to 200 visible ASCII characters.',
    );
    const onePhoto = await w.user({}, ['ada']);
    expect((await ask({}, null, onePhoto)).message).toBe(NEED_PHOTOS_MESSAGE);
    const noConsent = await w.user({ photoConsent: null });
    expect(await ask({}, null, noConsent)).toMatchObject({ code: 'CONSENT_REQUIRED' });
    expect(w.tasks.all(user.id)).toEqual([]);
  });

  it('makes one task per chosen backdrop and outfit, refusing choices a style does not offer', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 500 });
    const choosy = w.styles.pick(true);
    const plain = w.styles.pick(false);
    const answer = await create(w, user, [choosy.id], null, {
      style_choices: [{ backdrops: ['office', 'outdoors'], outfits: ['suit'] }],
    });
    const made = w.tasks.all(user.id);
    expect(answer.task_ids).toHaveLength(2);
    expect(
      made.map((t) => t.choice).sort((a, b) => String(a.backdrop).localeCompare(String(b.backdrop))),
    ).toEqual([
      { backdrop: 'office', outfit: 'suit' },
      { backdrop: 'outdoors', outfit: 'suit' },
    ]);
    const dup = await errorOf(
      create(w, user, [choosy.id], null, {
        style_choices: [{ backdrops: ['office', 'office'], outfits: [] }],
      }),
    );
    expect(dup.message).toBe('Each backdrop and outfit can be picked once per style.');
    const refused = (lang: 'en' | 'fr') =>
      errorOf(
        create(w, user, [plain.id], null, { lang, style_choices: [{ backdrops: ['office'], outfits: [] }] }),
      );
    expect((await refused('en')).message).toBe(
      `The style "${plain.name}" does not offer a choice of backdrop or outfit.`,
    );
    expect((await refused('fr')).message).toBe(
      `Le style « ${plain.translations.fr?.name || plain.name} » ne propose pas de choix d'arrière-plan ni de tenue.`,
    );
  });

  it("stops at the account's and the stage's daily caps, in the user's words, before any charge", async () => {
    const w = fakeGeneration({ limits: { perAccountPerDay: 2, overallPerDay: 3 } });
    const user = await w.user();
    await create(w, user, [1, 2], null);
    const e = await errorOf(create(w, user, [3], null));
    expect(e).toMatchObject({ code: 'RATE_LIMITED', message: ACCOUNT_CAP_MESSAGE(2) });
    expect(e.retryAfterSeconds).toBe(86_400);
    const other = await w.user();
    await create(w, other, [1], null);
    expect(await errorOf(create(w, other, [2], null))).toMatchObject({ message: OVERALL_CAP_MESSAGE });
    expect(w.metrics.values.ProviderCallsRefused).toEqual([1, 1]);
    expect(w.metrics.values.ProviderBudgetUsedPercent?.at(-1)).toBe(100);
    expect(w.tasks.all(other.id)).toHaveLength(1);
  });

  it("pays a team member's create with the team allowance, tokens untouched, and refuses past it", async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 7 });
    const style = (await w.styles.get(1)) ?? w.styles.pick(false);
    const payer: TeamPayer = {
      teamId: 'team-1',
      memberId: 'member-1',
      allowed: { styles: null, combos: null },
      allowanceLeft: 1,
    };
    w.tasks.setAllowance(payer, 1);
    const deps = { ...w.create, teams: { payerFor: async () => payer } };
    const req = { styles: [style.id], style_prompts: [''] };
    const answer = await createAvatarBatch(deps, user, req, null);
    expect(answer).toMatchObject({ paid_by: 'team', tokens_spent: 0, tokens_left: 7, allowance_left: 0 });
    expect(w.tasks.allowanceOf(payer)).toBe(0);
    expect(await errorOf(createAvatarBatch(deps, user, req, null))).toMatchObject({
      code: 'TEAM_ALLOWANCE_USED',
    });
    expect(balance(w, user.id).ltd).toBe(7);
    // A failure gives the avatar back to the allowance, not tokens.
    w.provider.answer({ kind: 'refusal' });
    await deliverAll(w);
    expect(w.tasks.allowanceOf(payer)).toBe(1);
    expect(balance(w, user.id).ltd).toBe(7);
    const narrow = { ...payer, allowed: { styles: [style.id + 1], combos: null } };
    const refused = { ...w.create, teams: { payerFor: async () => narrow } };
    expect(await errorOf(createAvatarBatch(refused, user, req, null))).toMatchObject({
      code: 'NOT_ALLOWED_BY_TEAM',
    });
  });
});

describe('provider budget', () => {
  it('reserves per account and overall, and gives calls back', async () => {
    const w = fakeGeneration({ limits: { perAccountPerDay: 3, overallPerDay: 10 } });
    const deps = {
      store: w.budgetStore,
      clock: w.clock,
      metrics: w.metrics,
      limits: { perAccountPerDay: 3, overallPerDay: 10 },
    };
    const { day } = await reserveProviderCalls(deps, 'u1', 3);
    expect(day).toBe('2026-01-01');
    expect(await errorOf(reserveProviderCalls(deps, 'u1', 1))).toMatchObject({
      message: ACCOUNT_CAP_MESSAGE(3),
    });
    await releaseProviderCalls(deps, 'u1', day, 2);
    await reserveProviderCalls(deps, 'u1', 2);
    expect(w.budgetStore.used('u1', day)).toBe(3);
    expect(w.metrics.values.ProviderBudgetUsedPercent).toEqual([30, 30]);
    // Past midnight UTC the day starts again.
    w.clock.advance(86_400);
    expect((await reserveProviderCalls(deps, 'u1', 3)).day).toBe('2026-01-02');
  });
});

describe('the worker', () => {
  it('makes the avatar: stored with its thumbnail, DONE, durations recorded, the batch email sent once', async () => {
    const w = fakeGeneration();
    const user = await w.user();
    const { task_ids } = await create(w, user, [1]);
    w.clock.advance(3);
    expect(await deliverAll(w)).toEqual([{ kind: 'handled', what: 'done' }]);
    const [task] = w.tasks.all(user.id);
    expect(task).toMatchObject({ id: task_ids[0], status: 'DONE', progress: 100, renderKind: 'ai' });
    expect(task?.referenceFiles).toHaveLength(Math.min(3, task?.referenceCount ?? 0) || 1);
    expect(task?.likeness).toMatchObject({ refunded: false, score: 100 });
    expect(task?.faceBox).not.toBeNull();
    expect(await w.results.read(user.id, task?.resultFile as string)).not.toBeNull();
    expect([...w.bucket.keys()].some((k) => k.startsWith(`result-thumbs/${user.id}/`))).toBe(true);
    expect(w.durations.slots.size).toBe(1);
    expect(w.mailer.to(user.email)).toHaveLength(1);
    expect(w.mailer.sent[0]?.subject).toBe('Your avatar is ready');
    expect(w.metrics.values.TasksDone).toEqual([1]);
    expect(w.metrics.values.ProviderCalls).toEqual([1]);
    expect(w.provider.requests[0]?.endUser).toMatch(/^[0-9a-f]{32}$/);
    // A duplicate delivery finds nothing to claim; the email is not sent again.
    expect(
      await processTaskMessage(
        w.worker,
        { taskId: task_ids[0] as string, userId: user.id },
        { receiveCount: 2, remainingMs: 60_000 },
      ),
    ).toEqual({ kind: 'handled', what: 'not-ours' });
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('fails a refused or permanently failing task with its refund, and retries rate limits and transient errors', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 100 });
    await create(w, user, [1, 2], null);
    w.provider.answer({ kind: 'refusal', categories: ['x'] }, { kind: 'permanent' });
    expect((await deliverAll(w)).map((o) => o.kind === 'handled' && o.what)).toEqual(['failed', 'failed']);
    expect(
      w.tasks
        .all(user.id)
        .map((t) => t.errorCode)
        .sort(),
    ).toEqual(['provider', 'refused']);
    expect(balance(w, user.id).ltd).toBe(100);
    expect(w.log.lines.find((l) => l.message === 'task failed: provider permanent')?.fields?.alarm).toBe(
      'provider-permanent-error',
    );
    // Nothing was made: no "ready" email.
    expect(w.mailer.sent).toEqual([]);

    await create(w, user, [3], null);
    const [m] = w.queue.receive();
    w.provider.answer({ kind: 'rate-limited', retryAfterSeconds: 42 }, { kind: 'transient' });
    const msg = m as { taskId: string; userId: string };
    expect(await processTaskMessage(w.worker, msg, { receiveCount: 1, remainingMs: 60_000 })).toEqual({
      kind: 'retry',
      afterSeconds: 42,
      reason: 'rate-limited',
    });
    expect((await w.tasks.get(user.id, msg.taskId))?.status).toBe('TODO');
    expect(await processTaskMessage(w.worker, msg, { receiveCount: 3, remainingMs: 60_000 })).toEqual({
      kind: 'retry',
      afterSeconds: 30,
      reason: 'transient',
    });
    expect(await processTaskMessage(w.worker, msg, { receiveCount: 4, remainingMs: 60_000 })).toEqual({
      kind: 'handled',
      what: 'done',
    });
    expect((await w.tasks.get(user.id, msg.taskId))?.attempt).toBe(3);
  });

  it('fails a task whose photos were all deleted, refunded', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 40 });
    await create(w, user, [1], null);
    for (const p of await w.photoStore.list(user.id, w.clock.now()))
      await w.photoStore.remove(user.id, p.filename, w.clock.now());
    expect(await deliverAll(w)).toEqual([{ kind: 'handled', what: 'failed' }]);
    expect(w.tasks.all(user.id)[0]).toMatchObject({ status: 'ERROR', errorCode: 'no-photos' });
    expect(balance(w, user.id).ltd).toBe(40);
  });

  it('refunds (and withholds, with a blurred preview) an avatar that does not look like the user', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensSubscription: 2, tokensLtd: 40 }, []);
    await w.addPhoto(user.id, 'ada', 0);
    await w.addPhoto(user.id, 'ada', 1, 'zed');
    await create(w, user, [1], null);
    await deliverAll(w);
    const [task] = w.tasks.all(user.id);
    expect(task?.likeness).toMatchObject({ refunded: true, keptAt: null, notRefunded: null, preview: true });
    expect((task?.likeness?.score ?? 100) < 60).toBe(true);
    expect(balance(w, user.id)).toEqual({ subscription: 2, ltd: 40 });
    expect((await w.accounts.listLedger(user.id, 5)).map((e) => e.reason)).toContain('likeness_refund');
    expect([...w.bucket.keys()].some((k) => k.endsWith('-withheld.webp'))).toBe(true);
    expect(w.metrics.values.LikenessRefunds).toEqual([1]);
  });

  it("charges an avatar under the guarantee when a photo sent may show someone else, or past the day's refunds", async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 100 }, []);
    const style = w.styles.styles.get(1);
    if (style) style.referenceCount = 3;
    await w.addPhoto(user.id, 'bob', 0);
    await w.addPhoto(user.id, 'ada', 1);
    await w.addPhoto(user.id, 'ada', 2, 'zed');
    await create(w, user, [1], null);
    await deliverAll(w);
    expect(w.tasks.all(user.id)[0]?.likeness).toMatchObject({ refunded: false, notRefunded: 'someone-else' });

    const other = await w.user({ tokensLtd: 100 }, []);
    await w.addPhoto(other.id, 'ada', 0);
    await w.addPhoto(other.id, 'ada', 1, 'zed');
    const deps = { ...w.worker, likenessRefundsPerDay: 1 };
    await create(w, other, [2, 3], null);
    for (const m of w.queue.receive())
      await processTaskMessage(deps, m, { receiveCount: 1, remainingMs: 60_000 });
    expect(
      w.tasks
        .all(other.id)
        .map((t) => t.likeness?.notRefunded ?? null)
        .sort(),
    ).toEqual(['daily-limit', null]);
    const spent = ((await w.styles.get(2))?.tokenCost ?? 0) + ((await w.styles.get(3))?.tokenCost ?? 0);
    const refunded = w.tasks.all(other.id).find((t) => t.likeness?.refunded)?.tokenCost ?? 0;
    expect(balance(w, other.id).ltd).toBe(100 - spent + refunded);
  });

  it('delivers an avatar unmeasured when the face model fails, and alarms', async () => {
    const w = fakeGeneration();
    const user = await w.user();
    await create(w, user, [1], null);
    w.faces.broken = true;
    expect(await deliverAll(w)).toEqual([{ kind: 'handled', what: 'done' }]);
    expect(w.tasks.all(user.id)[0]).toMatchObject({ status: 'DONE', likeness: null, faceBox: null });
    expect(w.log.lines.find((l) => l.fields?.alarm === 'likeness-unmeasured')).toBeDefined();
  });

  it('drops the task of an account being deleted: no provider call, nothing stored, nothing refunded', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 30 });
    await create(w, user, [1], null);
    w.jobs.deleting.add(user.id);
    expect(await deliverAll(w)).toEqual([{ kind: 'handled', what: 'account-deleted' }]);
    expect(w.provider.requests).toEqual([]);
    expect(w.tasks.all(user.id)[0]?.status).toBe('TODO');
    expect(w.bucket.size).toBe(0);
  });

  it('keeps the avatar when durations cannot be written, and photos once avatars are ready when asked', async () => {
    const w = fakeGeneration();
    const user = await w.user({ deletePhotosAfterGeneration: true, batchFinishedEmail: false });
    await create(w, user, [1], null);
    w.durations.broken = true;
    expect(await deliverAll(w)).toEqual([{ kind: 'handled', what: 'done' }]);
    expect(w.log.lines.some((l) => l.message === 'task durations not recorded')).toBe(true);
    expect(w.mailer.sent).toEqual([]);
    expect(await w.photoStore.list(user.id, w.clock.now())).toEqual([]);
  });
});

describe('when a batch finishes', () => {
  it('sends the email once, logs a mailer failure, and skips accounts gone', async () => {
    const w = fakeGeneration();
    const user = await w.user({ lang: 'fr' });
    const { batch_id } = await create(w, user, [1, 2], null);
    w.mailer.failNext();
    await deliverAll(w);
    expect(w.log.lines.some((l) => l.message === 'batch finished email not sent')).toBe(true);
    await afterTaskFinished(w.worker, user.id, batch_id);
    expect(w.mailer.sent).toEqual([]);
  });

  it('decides the email by the setting before the batch is marked finished, not one changed after the mark', async () => {
    const w = fakeGeneration();
    const user = await w.user({ batchFinishedEmail: false });
    await create(w, user, [1], null);
    // The user turns the email on again just as the worker marks the batch finished: that batch sent none.
    const claim = w.worker.tasks.claimBatchFinished.bind(w.worker.tasks);
    w.worker.tasks.claimBatchFinished = async (...args) => {
      const finished = await claim(...args);
      await w.tasks.setBatchEmail(user.id, true);
      return finished;
    };
    expect(await deliverAll(w)).toEqual([{ kind: 'handled', what: 'done' }]);
    expect(w.mailer.sent).toEqual([]);
    await create(w, user, [1], 'create-2');
    await deliverAll(w);
    expect(w.mailer.sent.map((m) => m.to)).toEqual([user.email]);
  });

  it('words the email in each language, with the failed ones', () => {
    const en = batchFinishedEmail('a@example.test', 'en', 'https://x.test/', { done: 2, failed: 1 });
    expect(en.subject).toBe('Your avatars are ready');
    expect(en.text).toContain(
      '2 new avatars are waiting in your gallery. 1 could not be made; its tokens were refunded.',
    );
    expect(en.text).toContain('https://x.test/app/gallery');
    const fr = batchFinishedEmail('a@example.test', 'fr', 'https://x.test', { done: 1, failed: 2 });
    expect(fr.subject).toBe('Votre avatar est prêt');
    expect(fr.text).toContain("1 nouvel avatar vous attend dans votre galerie. 2 n'a pas pu être créé");
    expect(galleryLink('https://x.test', 'fr')).toBe('https://x.test/fr/app/gallery');
    expect(batchFinishedEmail('a@x.test', 'en', 'https://x.test', { done: 3, failed: 2 }).text).toContain(
      '2 could not be made; their tokens were refunded.',
    );
  });
});

describe('abandoned tasks', () => {
  it('fails a dead-lettered task with its refund once', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 30 });
    await create(w, user, [1], null);
    const [m] = w.queue.receive();
    const msg = m as { taskId: string; userId: string };
    expect(await deadLetter(w.abandon, msg)).toBe(true);
    expect(await deadLetter(w.abandon, msg)).toBe(false);
    expect(w.tasks.all(user.id)[0]).toMatchObject({ status: 'ERROR', errorCode: 'dead-letter' });
    expect(balance(w, user.id).ltd).toBe(30);
    expect(
      (await w.accounts.listLedger(user.id, 10)).filter((e) => e.reason === 'generation_refund'),
    ).toHaveLength(1);
    expect(w.log.lines.map((l) => l.message)).toEqual([
      'dead-lettered task failed and refunded',
      'dead letter for a finished task',
    ]);
  });

  it('sweeps tasks pending past their deadline, and only those', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 50 });
    await create(w, user, [1], null);
    expect(await sweepOverdueTasks(w.abandon)).toBe(0);
    w.clock.advance(3601);
    await create(w, user, [2], null);
    expect(await sweepOverdueTasks(w.abandon)).toBe(1);
    expect(w.tasks.all(user.id).map((t) => t.status)).toEqual(['TODO', 'ERROR']);
    expect(w.tasks.all(user.id)[1]?.errorCode).toBe('timed-out');
    expect(await sweepOverdueTasks(w.abandon)).toBe(0);
  });
});

describe('try again', () => {
  async function finishedTask(w: World, user: User, fail = false) {
    await create(w, user, [1], null);
    if (fail) w.provider.answer({ kind: 'refusal' });
    await deliverAll(w);
    return w.tasks.all(user.id)[0]?.id as string;
  }

  it('makes one new task with the same style, choice and photos, charged once per key', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 100 });
    const id = await finishedTask(w, user);
    const first = w.tasks.all(user.id)[0];
    const cost = first?.tokenCost ?? 0;
    const answer = await tryTaskAgain(w.create, user, id, { expected_cost: cost }, 'again-1');
    expect(answer.tokens_spent).toBe(cost);
    const again = await tryTaskAgain(w.create, user, id, {}, 'again-1');
    expect(again.batch_id).toBe(answer.batch_id);
    const made = await w.tasks.get(user.id, answer.task_ids[0] as string);
    expect(made).toMatchObject({
      styleId: first?.styleId,
      choice: first?.choice,
      referenceFiles: first?.referenceFiles,
    });
    expect(balance(w, user.id).ltd).toBe(100 - 2 * cost);
  });

  it('refuses without a key, an unknown or unfinished task, a style gone, a changed price', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 100 });
    const fr = await w.user({ lang: 'fr' });
    expect((await errorOf(tryTaskAgain(w.create, user, 'x', {}, null))).message).toBe(
      'Try again needs an Idempotency-Key header, so that a repeated request is charged once.',
    );
    expect(await errorOf(tryTaskAgain(w.create, user, 'not-a-task', {}, 'k'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    await create(w, user, [1], null);
    const pending = w.tasks.all(user.id)[0]?.id as string;
    expect((await errorOf(tryTaskAgain(w.create, user, pending, {}, 'k'))).message).toBe(
      'This avatar is still being made: try again once it has finished.',
    );
    await deliverAll(w);
    const cost = w.tasks.all(user.id)[0]?.tokenCost ?? 0;
    expect(
      (await errorOf(tryTaskAgain(w.create, user, pending, { expected_cost: cost + 1 }, 'k'))).message,
    ).toBe(`This style now costs ${cost} token${cost > 1 ? 's' : ''}: please confirm again.`);
    (w.styles.styles.get(1) as { isActive: boolean }).isActive = false;
    expect((await errorOf(tryTaskAgain(w.create, user, pending, {}, 'k'))).message).toBe(
      'Style 1 is not available.',
    );
    // Another user's task is not found.
    expect(await errorOf(tryTaskAgain(w.create, fr, pending, {}, 'k'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers in French', async () => {
    const w = fakeGeneration();
    const user = await w.user({ lang: 'fr', tokensLtd: 100 });
    await create(w, user, [1], null);
    const id = w.tasks.all(user.id)[0]?.id as string;
    expect((await errorOf(tryTaskAgain(w.create, user, id, {}, 'k'))).message).toBe(
      'Cet avatar est encore en cours de création : réessayez quand il sera terminé.',
    );
    await deliverAll(w);
    (w.styles.styles.get(1) as { isActive: boolean }).isActive = false;
    expect((await errorOf(tryTaskAgain(w.create, user, id, {}, 'k'))).message).toBe(
      "Ce style n'est plus proposé.",
    );
  });
});

describe('keep anyway and favourites', () => {
  async function withheld(w: World, fields: Partial<User> = {}) {
    const user = await w.user({ tokensLtd: 40, ...fields }, []);
    await w.addPhoto(user.id, 'ada', 0);
    await w.addPhoto(user.id, 'ada', 1, 'zed');
    await create(w, user, [1], null);
    await deliverAll(w);
    return { user, id: w.tasks.all(user.id)[0]?.id as string };
  }

  it('takes the tokens again once and unlocks the avatar', async () => {
    const w = fakeGeneration();
    const { user, id } = await withheld(w);
    const cost = w.tasks.all(user.id)[0]?.tokenCost ?? 0;
    expect(
      await errorOf(setFavourite(w.create && { tasks: w.tasks, clock: w.clock }, user, id, true)),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    const kept = await keepWithheldAvatar({ tasks: w.tasks, clock: w.clock, ids: w.ids }, user, id);
    expect(kept).toEqual({ success: true, task_id: id, tokens_spent: cost, tokens_left: 40 - cost });
    expect(
      await errorOf(keepWithheldAvatar({ tasks: w.tasks, clock: w.clock, ids: w.ids }, user, id)),
    ).toMatchObject({
      code: 'AVATAR_NOT_WITHHELD',
      message: 'This avatar is not withheld: it is already yours to download.',
    });
    expect((await w.accounts.listLedger(user.id, 1))[0]).toMatchObject({
      reason: 'likeness_keep',
      amount: -cost,
    });
    expect(await setFavourite({ tasks: w.tasks, clock: w.clock }, user, id, true)).toEqual({
      success: true,
      task_id: id,
      favourite: true,
    });
  });

  it('refuses to keep with a short balance, an unknown task', async () => {
    const w = fakeGeneration();
    const { user, id } = await withheld(w);
    w.accounts.update(user.id, { tokensLtd: 0 });
    const deps = { tasks: w.tasks, clock: w.clock, ids: w.ids };
    expect(await errorOf(keepWithheldAvatar(deps, user, id))).toMatchObject({ code: 'NOT_ENOUGH_TOKENS' });
    expect(await errorOf(keepWithheldAvatar(deps, user, 'nope'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await errorOf(keepWithheldAvatar(deps, user, '176722560099-aaaaaaaaaaaa'))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('stars only a finished avatar of the caller, and unstars', async () => {
    const w = fakeGeneration();
    const user = await w.user();
    const other = await w.user();
    await create(w, user, [1], null);
    const id = w.tasks.all(user.id)[0]?.id as string;
    const deps = { tasks: w.tasks, clock: w.clock };
    expect((await errorOf(setFavourite(deps, user, id, true))).message).toBe(
      'Only a finished avatar can be a favourite.',
    );
    await deliverAll(w);
    expect(await errorOf(setFavourite(deps, other, id, true))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await errorOf(setFavourite(deps, user, '../x', true))).toMatchObject({ code: 'NOT_FOUND' });
    await setFavourite(deps, user, id, true);
    expect((await w.tasks.get(user.id, id))?.favourite).toBe(true);
    await setFavourite(deps, user, id, false);
    expect((await w.tasks.get(user.id, id))?.favourite).toBe(false);
  });
});
