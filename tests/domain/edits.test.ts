// Edits of a finished avatar (functions/generation/domain/edits.ts) against the in-memory ports of
// tests/support/fakes: the body's rules in each language (a table), what an edit costs and makes (a version
// of the same avatar), the cap of MAX_EDITS_PER_AVATAR under edits asked at once, the Idempotency-Key, who may
// edit what; and the worker's edit path with the fake provider. What needs DynamoDB's transactions, the real
// segmenter, the renderer and the face model is in tests/integration/avatar-edits.test.ts.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { EDIT_MESSAGES, EDIT_TOKEN_COST, MAX_EDITS_PER_AVATAR } from '#shared/edit-rules.ts';
import { createAvatarBatch } from '../../functions/generation/domain/create-batch.ts';
import { type EditBody, editAvatar } from '../../functions/generation/domain/edits.ts';
import { listUserTasks } from '../../functions/generation/domain/gallery.ts';
import { budgetDay } from '../../functions/generation/domain/provider-budget.ts';
import { processTaskMessage } from '../../functions/generation/domain/worker.ts';
import { decodeBrushPng } from '../../functions/generation/images/edit-mask-png.ts';
import {
  brushPng,
  deliverAll,
  type EditWorld,
  editWorld,
  middleThirdSegmenter,
  refusal,
  tokens,
} from '../support/edit-world.ts';

const world = () => editWorld(middleThirdSegmenter);

/** A finished avatar of `user` (style 1: the fake provider's 1024 x 1536 image). */
async function finishedAvatar(w: EditWorld, user: User): Promise<string> {
  const { task_ids } = await createAvatarBatch(w.create, user, { styles: [1], style_prompts: [''] }, null);
  await deliverAll(w);
  const id = task_ids[0] as string;
  expect((await w.tasks.get(user.id, id))?.status).toBe('DONE');
  return id;
}

/** A brush PNG: black, with a white square unless `empty`. */
const brush = (width = 1024, height = 1536, empty = false) =>
  brushPng(width, height, empty ? null : undefined);

describe('the edit body (validation table)', () => {
  const big = `data:image/png;base64,${Buffer.alloc(1024 * 1024 + 10, 1).toString('base64')}`;
  const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
  const cases: [string, EditBody | (() => Promise<EditBody>), { en: string; fr?: string }][] = [
    ['an unknown kind', { kind: 'sky' }, EDIT_MESSAGES.kind],
    ['a backdrop edit without a backdrop or colour', { kind: 'backdrop' }, EDIT_MESSAGES.backdropMissing],
    ['an unknown backdrop', { kind: 'backdrop', backdrop: 'moon' }, EDIT_MESSAGES.backdrop],
    ['a colour not #rrggbb', { kind: 'backdrop', colour: 'red' }, EDIT_MESSAGES.colour],
    ['a colour of 3 digits', { kind: 'backdrop', colour: '#fff' }, EDIT_MESSAGES.colour],
    [
      'a colour with another backdrop',
      { kind: 'backdrop', backdrop: 'office', colour: '#112233' },
      EDIT_MESSAGES.colourWithBackdrop,
    ],
    ['an outfit edit without an outfit', { kind: 'outfit' }, EDIT_MESSAGES.outfit],
    ['an unknown outfit', { kind: 'outfit', outfit: 'cape' }, EDIT_MESSAGES.outfit],
    ['a framing without an aspect', { kind: 'framing' }, EDIT_MESSAGES.aspect],
    ['an unknown aspect', { kind: 'framing', aspect: '16:9' }, EDIT_MESSAGES.aspect],
    ['an unknown retouch level', { kind: 'retouch', level: 'heavy' }, EDIT_MESSAGES.level],
    [
      'a field of another kind',
      { kind: 'outfit', outfit: 'suit', aspect: '1:1' },
      { en: 'The field aspect does not apply to a outfit edit.' },
    ],
    [
      'a region without words',
      async () => ({ kind: 'region', mask: await brush() }),
      EDIT_MESSAGES.promptMissing,
    ],
    [
      'a region with blank words',
      async () => ({ kind: 'region', prompt: '   ', mask: await brush() }),
      EDIT_MESSAGES.promptMissing,
    ],
    [
      'a region with 201 characters',
      async () => ({ kind: 'region', prompt: 'x'.repeat(201), mask: await brush() }),
      EDIT_MESSAGES.promptTooLong,
    ],
    ['a region without a mask', { kind: 'region', prompt: 'remove the glare' }, EDIT_MESSAGES.maskMissing],
    [
      'a mask that is not a data URL',
      { kind: 'region', prompt: 'remove the glare', mask: 'https://example.test/m.png' },
      EDIT_MESSAGES.maskNotPng,
    ],
    [
      'a mask that is not a PNG',
      { kind: 'region', prompt: 'remove the glare', mask: notPng },
      EDIT_MESSAGES.maskNotPng,
    ],
    ['a mask over 1 MB', { kind: 'region', prompt: 'remove the glare', mask: big }, EDIT_MESSAGES.maskTooBig],
    [
      'an empty mask',
      async () => ({ kind: 'region', prompt: 'remove the glare', mask: await brush(1024, 1536, true) }),
      EDIT_MESSAGES.maskEmpty,
    ],
    [
      'a mask of another size',
      async () => ({ kind: 'region', prompt: 'remove the glare', mask: await brush(512, 512) }),
      { en: "The brushed region must have the avatar's size: 1024 x 1536 pixels." },
    ],
  ];
  for (const [name, body, message] of cases)
    it(`refuses ${name}, with nothing spent`, async () => {
      const w = world();
      const user = await w.user();
      const id = await finishedAvatar(w, user);
      const before = tokens(w, user.id);
      const used = w.budgetStore.used(user.id, budgetDay(w.clock.now()));
      const e = await refusal(
        editAvatar(w.deps, user, id, typeof body === 'function' ? await body() : body, 'k1'),
      );
      expect(e).toMatchObject({ code: 'VALIDATION_FAILED', message: message.en });
      expect(tokens(w, user.id)).toBe(before);
      expect(w.tasks.all(user.id)).toHaveLength(1);
      expect(w.budgetStore.used(user.id, budgetDay(w.clock.now()))).toBe(used);
      expect(w.masks.files.size).toBe(0);
      if (message.fr) {
        const fr = await refusal(
          editAvatar(
            w.deps,
            { ...user, lang: 'fr' },
            id,
            typeof body === 'function' ? await body() : body,
            'k2',
          ),
        );
        expect(fr.message).toBe(message.fr);
      }
    });
});

describe('an edit', () => {
  it('costs EDIT_TOKEN_COST in one debit and makes version 2 of the avatar, queued; an edit of it is version 3', async () => {
    const w = world();
    const user = await w.user({ tokensSubscription: 1, tokensLtd: 5 });
    const id = await finishedAvatar(w, user);
    const before = tokens(w, user.id);
    const answer = await editAvatar(w.deps, user, id, { kind: 'backdrop', colour: '#2B5C8A' }, 'k1');
    expect(answer).toMatchObject({ version: 2, tokens_left: before - EDIT_TOKEN_COST });
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
    const v2 = await w.tasks.get(user.id, answer.task_id);
    expect(v2).toMatchObject({
      status: 'TODO',
      tokenCost: EDIT_TOKEN_COST,
      version: 2,
      edit: {
        editOf: id,
        rootId: id,
        spec: { kind: 'backdrop', backdrop: 'plain-colour', colour: '#2b5c8a' },
      },
      recipe: { backdrop: { kind: 'solid', colors: ['#2b5c8a'] } },
    });
    expect(w.queue.receive().map((m) => m.taskId)).toEqual([answer.task_id]);
    const ledger = await w.accounts.listLedger(user.id, 10);
    expect(ledger.filter((e) => e.reason === 'edit').map((e) => e.amount)).toEqual([-EDIT_TOKEN_COST]);
    // The version is made like a first render; an edit of it is version 3 of the same avatar.
    await w.tasks.get(user.id, answer.task_id);
    const stored = await w.tasks.get(user.id, id);
    expect(stored?.editCount).toBe(1);
  });

  it('lists versions with edit_of, version, edit and root_id; the original with its edit count', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const v2 = await editAvatar(w.deps, user, id, { kind: 'framing', aspect: '4:1' }, null);
    const { tasks } = await listUserTasks(w.gallery, user, {});
    const [listedV2, listedV1] = tasks;
    expect(listedV2).toMatchObject({
      id: v2.task_id,
      version: 2,
      edit_of: id,
      root_id: id,
      edit: { kind: 'framing', aspect: '4:1' },
    });
    expect(listedV1).toMatchObject({ id, version: 1, edit_count: 1 });
    expect(listedV1).not.toHaveProperty('edit_of');
  });

  it('answers a repeated Idempotency-Key with the same version and one debit; the key with another edit is a 409', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const before = tokens(w, user.id);
    const [a, b] = await Promise.all([
      editAvatar(w.deps, user, id, { kind: 'retouch', level: 'light' }, 'same'),
      editAvatar(w.deps, user, id, { kind: 'retouch', level: 'light' }, 'same'),
    ]);
    expect(b.task_id).toBe(a.task_id);
    expect(b.version).toBe(2);
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
    expect(w.tasks.all(user.id)).toHaveLength(2);
    const e = await refusal(editAvatar(w.deps, user, id, { kind: 'retouch', level: 'polished' }, 'same'));
    expect(e.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it(`stops at ${MAX_EDITS_PER_AVATAR} edits per avatar, versions included, even when asked at once (409, nothing spent)`, async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 50 });
    const id = await finishedAvatar(w, user);
    let from = id;
    for (let i = 0; i < MAX_EDITS_PER_AVATAR - 2; i++)
      from = (await editAvatar(w.deps, user, id, { kind: 'outfit', outfit: 'suit' }, null)).task_id;
    // Versions are finished only when made; the cap counts edits asked of the avatar.
    w.tasks.patch(user.id, from, { status: 'DONE', resultFile: `x_${from}.png`, width: 1024, height: 1536 });
    const before = tokens(w, user.id);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        editAvatar(w.deps, user, n % 2 ? id : from, { kind: 'framing', aspect: '1:1' }, null),
      ),
    );
    const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.version] : []));
    expect(made.sort()).toEqual([MAX_EDITS_PER_AVATAR, MAX_EDITS_PER_AVATAR + 1]);
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { code: string; message: string }] : [],
    );
    expect(refused.map((e) => [e.code, e.message])).toEqual([
      ['EDIT_LIMIT_REACHED', EDIT_MESSAGES.limit.en],
      ['EDIT_LIMIT_REACHED', EDIT_MESSAGES.limit.en],
    ]);
    expect(tokens(w, user.id)).toBe(before - 2 * EDIT_TOKEN_COST);
    expect((await w.tasks.get(user.id, id))?.editCount).toBe(MAX_EDITS_PER_AVATAR);
  });

  it("is refused for another user's task (404), a withheld avatar (403), a pending one (409) and a short balance (403), with nothing spent", async () => {
    const w = world();
    const user = await w.user({ tokensLtd: 3 });
    const other = await w.user();
    const id = await finishedAvatar(w, user);
    const otherId = await finishedAvatar(w, other);
    expect(await refusal(editAvatar(w.deps, user, otherId, { kind: 'retouch' }, null))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(editAvatar(w.deps, user, 'not-a-task', { kind: 'retouch' }, null))).toMatchObject({
      code: 'NOT_FOUND',
    });
    w.tasks.patch(user.id, id, {
      likeness: { score: 20, refunded: true, keptAt: null, notRefunded: null, preview: true },
    });
    expect(await refusal(editAvatar(w.deps, user, id, { kind: 'retouch' }, null))).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('did not look enough like you'),
    });
    w.tasks.patch(user.id, id, { likeness: null, status: 'IN_PROGRESS' });
    expect(await refusal(editAvatar(w.deps, user, id, { kind: 'retouch' }, null))).toMatchObject({
      code: 'TASK_NOT_FINISHED',
      message: EDIT_MESSAGES.notFinished.en,
    });
    w.tasks.patch(user.id, id, { status: 'DONE' });
    w.accounts.update(user.id, { tokensSubscription: 0, tokensLtd: 0 });
    expect(await refusal(editAvatar(w.deps, user, id, { kind: 'retouch' }, null))).toMatchObject({
      code: 'NOT_ENOUGH_TOKENS',
      message: 'Not enough tokens: you need 1 but only have 0 available',
    });
    expect(w.tasks.all(user.id)).toHaveLength(1);
    expect(w.queue.receive()).toEqual([]);
  });

  it('keeps a region brush beside the new task for the worker', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const answer = await editAvatar(
      w.deps,
      user,
      id,
      { kind: 'region', prompt: ' remove the glare ', mask: await brush() },
      null,
    );
    expect(w.masks.files.has(`${user.id}/${answer.task_id}`)).toBe(true);
    expect((await w.tasks.get(user.id, answer.task_id))?.edit?.spec).toEqual({
      kind: 'region',
      prompt: 'remove the glare',
    });
  });
});

describe('the worker makes an edit', () => {
  it("from the source version's file and the matte: DONE under its own name, measured, one debit, the original untouched", async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const original = await w.tasks.get(user.id, id);
    const originalBytes = (await w.results.read(user.id, original?.resultFile as string))?.bytes;
    const before = tokens(w, user.id);
    const { task_id } = await editAvatar(w.deps, user, id, { kind: 'backdrop', backdrop: 'office' }, null);
    // Delivered twice, as SQS may: one version, one debit.
    const [m] = w.queue.receive();
    const again = [m, m].map((x) =>
      processTaskMessage(w.worker, x as never, { receiveCount: 1, remainingMs: 60_000 }),
    );
    expect((await Promise.all(again)).map((o) => o.kind === 'handled' && o.what).sort()).toEqual([
      'done',
      'not-ours',
    ]);
    const v2 = await w.tasks.get(user.id, task_id);
    expect(v2).toMatchObject({ status: 'DONE', version: 2, refunded: false });
    expect(v2?.resultFile).not.toBe(original?.resultFile);
    expect(v2?.likeness?.score).toEqual(expect.any(Number));
    expect(v2?.likeness?.refunded).toBe(false);
    expect(tokens(w, user.id)).toBe(before - EDIT_TOKEN_COST);
    expect((await w.results.read(user.id, original?.resultFile as string))?.bytes).toEqual(originalBytes);
    const [asked] = w.provider.edits;
    expect(asked).toMatchObject({
      width: 1024,
      height: 1536,
      edit: { kind: 'backdrop', backdrop: 'office' },
    });
    expect(asked?.prompt.startsWith(original?.prompt as string)).toBe(true);
    expect(asked?.prompt).toContain('replace only the background');
    // The mask the provider reads: transparent where the backdrop is (left third), kept on the person.
    const mask = await decodeBrushPng(asked?.mask as Buffer, { width: 1024, height: 1536 });
    expect([mask.width, mask.height]).toEqual([1024, 1536]);
    expect(w.provider.requests).toHaveLength(1);
  });

  it('refuses a framing to the shape the version already has (nothing to paint), with nothing spent', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const { task_id } = await editAvatar(w.deps, user, id, { kind: 'framing', aspect: '4:1' }, null);
    await deliverAll(w);
    const banner = await w.tasks.get(user.id, task_id);
    expect(banner).toMatchObject({ status: 'DONE' });
    expect((banner?.width as number) / (banner?.height as number)).toBeCloseTo(4, 1);
    const before = tokens(w, user.id);
    for (const lang of ['en', 'fr'] as const) {
      const e = await refusal(
        editAvatar(w.deps, { ...user, lang }, task_id, { kind: 'framing', aspect: '4:1' }, null),
      );
      expect(e).toMatchObject({ code: 'VALIDATION_FAILED', message: EDIT_MESSAGES.sameAspect[lang] });
    }
    expect(tokens(w, user.id)).toBe(before);
    // Another framing of the same version is made.
    expect((await editAvatar(w.deps, user, task_id, { kind: 'framing', aspect: '1:1' }, null)).version).toBe(
      3,
    );
  });

  it('sends no "avatars ready" email for an edit: the user asked for it in the gallery, where it appears', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    // The first render's batch had its email.
    expect(w.mailer.to(user.email)).toHaveLength(1);
    const { task_id } = await editAvatar(w.deps, user, id, { kind: 'backdrop', backdrop: 'office' }, null);
    await deliverAll(w);
    expect((await w.tasks.get(user.id, task_id))?.status).toBe('DONE');
    expect(w.mailer.to(user.email)).toHaveLength(1);
  });

  it('refunds the edit once when the version does not look like the user (withheld until kept)', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const before = tokens(w, user.id);
    const { task_id } = await editAvatar(w.deps, user, id, { kind: 'backdrop', colour: '#112233' }, null);
    w.worker.likenessGuarantee = 101;
    await deliverAll(w);
    const v2 = await w.tasks.get(user.id, task_id);
    expect(v2).toMatchObject({ status: 'DONE', likeness: { refunded: true, keptAt: null } });
    expect(tokens(w, user.id)).toBe(before);
    const ledger = await w.accounts.listLedger(user.id, 20);
    expect(ledger.filter((e) => e.reason === 'likeness_refund').map((e) => e.amount)).toEqual([
      EDIT_TOKEN_COST,
    ]);
  });

  it('fails and refunds an edit that needs a face the picture does not show, and one whose source is gone', async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const before = tokens(w, user.id);
    // The fake face model gives no landmarks: an outfit cannot be placed.
    const outfit = await editAvatar(w.deps, user, id, { kind: 'outfit', outfit: 'blazer' }, null);
    await deliverAll(w);
    expect(await w.tasks.get(user.id, outfit.task_id)).toMatchObject({
      status: 'ERROR',
      errorCode: 'edit-unfit',
      refunded: true,
    });
    const region = await editAvatar(
      w.deps,
      user,
      id,
      { kind: 'region', prompt: 'fix it', mask: await brush() },
      null,
    );
    w.masks.files.clear();
    await deliverAll(w);
    expect(await w.tasks.get(user.id, region.task_id)).toMatchObject({
      status: 'ERROR',
      errorCode: 'edit-source',
      refunded: true,
    });
    expect(tokens(w, user.id)).toBe(before);
    const { tasks } = await listUserTasks(w.gallery, user, {});
    expect(tasks[0]?.error).toBe(
      'The version this edit was made from could not be read. Your tokens were refunded.',
    );
  });

  it("masks with the face its source's measure kept, keeps the version's own for the next edit, and analyses an older source", async () => {
    const w = world();
    w.faces.landmarks = true;
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const original = await w.tasks.get(user.id, id);
    expect(original?.faceLandmarks).toHaveLength(68);
    // An outfit: the source is not analysed again; the only analysis is the version's own measure.
    let calls = w.faces.calls;
    const v2 = await editAvatar(w.deps, user, id, { kind: 'outfit', outfit: 'blazer' }, null);
    await deliverAll(w);
    expect(await w.tasks.get(user.id, v2.task_id)).toMatchObject({ status: 'DONE', version: 2 });
    expect(w.faces.calls - calls).toBe(1);
    expect((await w.tasks.get(user.id, v2.task_id))?.faceLandmarks).toHaveLength(68);
    // A version made by an edit is itself a source: its kept face serves the next edit.
    calls = w.faces.calls;
    const v3 = await editAvatar(w.deps, user, v2.task_id, { kind: 'retouch', level: 'natural' }, null);
    await deliverAll(w);
    expect(await w.tasks.get(user.id, v3.task_id)).toMatchObject({ status: 'DONE', version: 3 });
    expect(w.faces.calls - calls).toBe(1);
    // A source finished before the landmarks were kept: analysed as before, to the same mask.
    const get = w.tasks.get.bind(w.tasks);
    w.worker.tasks.get = async (userId, taskId) => {
      const t = await get(userId, taskId);
      return t && { ...t, faceLandmarks: null };
    };
    calls = w.faces.calls;
    const v4 = await editAvatar(w.deps, user, id, { kind: 'outfit', outfit: 'blazer' }, null);
    await deliverAll(w);
    expect(await w.tasks.get(user.id, v4.task_id)).toMatchObject({ status: 'DONE', version: 4 });
    expect(w.faces.calls - calls).toBe(2);
    const [fromKept, , fromAnalysis] = w.provider.edits;
    expect(fromAnalysis?.mask).toEqual(fromKept?.mask);
    // The worker's geometry only: in no log line, and not in the gallery's list.
    expect(JSON.stringify(w.log.lines)).not.toMatch(/landmark/i);
    const { tasks } = await listUserTasks(w.gallery, user, {});
    expect(JSON.stringify(tasks)).not.toMatch(/landmark/i);
  });

  it("removes a region's brush once its version is made", async () => {
    const w = world();
    const user = await w.user();
    const id = await finishedAvatar(w, user);
    const { task_id } = await editAvatar(
      w.deps,
      user,
      id,
      { kind: 'region', prompt: 'fix it', mask: await brush() },
      null,
    );
    await deliverAll(w);
    expect((await w.tasks.get(user.id, task_id))?.status).toBe('DONE');
    expect(w.masks.files.size).toBe(0);
    expect(w.provider.edits[0]?.prompt).toContain('in the masked area only: fix it');
  });
});
