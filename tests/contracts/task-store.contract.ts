// The TaskStore port's contract (functions/generation/domain/tasks.ts), with the provider budget's
// (provider-budget.ts) and the privacy job store's (privacy/ports.ts) below: run against the DynamoDB adapters
// (tests/integration/port-contracts.test.ts) and the fakes (tests/domain/port-contracts.test.ts). The money
// rules: monthly tokens first, never below zero, a refund once, the guarantee's refunds of a day, a batch's
// remaining count; the claim rules: one delivery holds a task, a stale claim writes nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import type { AccountStore } from '../../functions/accounts/domain/ports.ts';
import type { ProviderBudgetStore } from '../../functions/generation/domain/provider-budget.ts';
import { newTaskId } from '../../functions/generation/domain/task-names.ts';
import type {
  DoneResult,
  NewTask,
  OverdueTasks,
  TaskStore,
} from '../../functions/generation/domain/tasks.ts';
import { JOB_LEASE_SECONDS, JOB_QUEUE_GRACE_SECONDS } from '../../functions/privacy/domain/jobs.ts';
import type {
  DeletionCodes,
  PrivacyJobRecords,
  PrivacyJobStore,
} from '../../functions/privacy/domain/ports.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';

export interface TaskStoreSubject {
  tasks: TaskStore & OverdueTasks;
  accounts: AccountStore;
  /** What a payment or a grant does to the balance (another port's write). */
  setBalance(userId: string, b: { subscription: number; ltd: number }): Promise<void>;
}

const now = Math.floor(Date.now() / 1000);
const hex = () => randomUUID().replace(/-/g, '').slice(0, 12);
const ids = () => ({ subscription: randomUUID(), ltd: randomUUID() });

function newTask(batchHex: string, place: number, cost: number, deadlineAt = now + 3600): NewTask {
  return {
    id: newTaskId(now, place, batchHex),
    styleId: 1,
    styleName: 'Studio',
    slug: 'studio',
    prompt: 'a portrait',
    size: '1024x1024',
    quality: 'low',
    referenceCount: 2,
    inputFidelity: 'low',
    recipe: structuredClone((STYLE_CATALOGUE[0] as (typeof STYLE_CATALOGUE)[number]).recipe),
    choice: {},
    tokenCost: cost,
    deadlineAt,
  };
}

/** 68 landmarks of a face, as shares of four decimals (what the store keeps of a landmark). */
const LANDMARKS = Array.from({ length: 68 }, (_, i) => ({
  x: (1000 + 25 * i) / 1e4,
  y: (4000 - 21 * i) / 1e4,
}));

const result = (refund: boolean | null, faceBox = true): DoneResult => ({
  resultFile: 'studio_x.png',
  referenceFile: null,
  renderKind: 'ai',
  width: 1024,
  height: 1024,
  model: 'fake',
  usage: null,
  costUsd: null,
  likeness: refund === null ? null : { score: refund ? 20 : 90, refund },
  faceBox: faceBox ? { x: 0.1, y: 0.1, width: 0.3, height: 0.3 } : null,
  faceLandmarks: faceBox ? LANDMARKS : null,
  preview: refund === true,
});

export function taskStoreContract(make: () => TaskStoreSubject | Promise<TaskStoreSubject>) {
  async function account(s: TaskStoreSubject, balance: { subscription: number; ltd: number }): Promise<User> {
    const user = await s.accounts.createPendingAccount({
      id: randomUUID(),
      email: `tasks-${randomUUID()}@example.test`,
      lang: 'en',
      createdAt: now,
      expiresAt: now + 86_400,
    });
    await s.setBalance(user.id, balance);
    return user;
  }
  const batch = (userId: string, costs: number[], o: { key?: string; deadlineAt?: number } = {}) => {
    const b = hex();
    return {
      id: b,
      userId,
      tasks: costs.map((c, i) => newTask(b, i, c, o.deadlineAt)),
      createdAt: now,
      idempotency: o.key ? { key: o.key, requestHash: 'h1', expiresAt: now + 86_400 } : null,
      ledgerEntryIds: ids(),
    };
  };
  const balanceOf = async (s: TaskStoreSubject, userId: string) => {
    const u = await s.accounts.getById(userId);
    return { subscription: u?.tokensSubscription, ltd: u?.tokensLtd };
  };

  describe('TaskStore contract', () => {
    it('debits monthly tokens first with a ledger entry per pool, never below zero, and answers a key once', async () => {
      const s = await make();
      const user = await account(s, { subscription: 3, ltd: 10 });
      const b = batch(user.id, [4, 4], { key: `k-${hex()}` });
      const created = await s.tasks.createBatch(b);
      expect(created).toMatchObject({ outcome: 'created', balanceAfter: 5, batch: { totalCost: 8 } });
      expect(await balanceOf(s, user.id)).toEqual({ subscription: 0, ltd: 5 });
      const ledger = await s.accounts.listLedger(user.id, 10);
      expect(ledger.map((e) => [e.reason, e.pool, e.amount, e.balance_after]).sort()).toEqual([
        ['generation', 'ltd', -5, 5],
        ['generation', 'subscription', -3, 0],
      ]);
      const [t1, t2] = [
        await s.tasks.get(user.id, b.tasks[0]?.id as string),
        await s.tasks.get(user.id, b.tasks[1]?.id as string),
      ];
      expect(t1).toMatchObject({
        status: 'TODO',
        attempt: 0,
        debit: { subscription: 3, ltd: 1 },
        team: null,
      });
      expect(t2?.debit).toEqual({ subscription: 0, ltd: 4 });
      // The same key: the first batch, nothing charged.
      const again = await s.tasks.createBatch({ ...batch(user.id, [4]), idempotency: b.idempotency });
      expect(again).toMatchObject({
        outcome: 'repeat',
        requestHash: 'h1',
        balanceAfter: 5,
        batch: { id: b.id },
      });
      expect(await s.tasks.createBatch(batch(user.id, [6]))).toEqual({
        outcome: 'short',
        needed: 6,
        available: 5,
      });
      expect(await balanceOf(s, user.id)).toEqual({ subscription: 0, ltd: 5 });
      // Concurrent creates that together pass the balance: the balance never goes below zero.
      const results = await Promise.all([1, 2, 3].map(() => s.tasks.createBatch(batch(user.id, [2]))));
      expect(results.filter((r) => r.outcome === 'created')).toHaveLength(2);
      expect(await balanceOf(s, user.id)).toEqual({ subscription: 0, ltd: 1 });
    });

    it('lets one delivery claim a task; a stale claim writes nothing; a lease run out is taken over', async () => {
      const s = await make();
      const user = await account(s, { subscription: 0, ltd: 10 });
      const b = batch(user.id, [2]);
      await s.tasks.createBatch(b);
      const id = b.tasks[0]?.id as string;
      const claims = await Promise.all([1, 2, 3].map(() => s.tasks.claim(user.id, id, now, 60)));
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      const first = won[0] as NonNullable<(typeof won)[number]>;
      expect(first).toMatchObject({ status: 'IN_PROGRESS', attempt: 1, leaseUntil: now + 60, progress: 5 });
      expect(first.stageTimes.generatingAt).toBe(now);
      expect(await s.tasks.progress(first, 40, now + 1, { referenceFiles: ['a.jpg'] })).toBe(true);
      expect(await s.tasks.claim(user.id, id, now + 60, 60)).toBeNull();
      const second = await s.tasks.claim(user.id, id, now + 61, 60);
      expect(second).toMatchObject({ attempt: 2, referenceFiles: ['a.jpg'] });
      expect(second?.stageTimes.generatingAt).toBe(now);
      expect(await s.tasks.progress(first, 80, now + 62)).toBe(false);
      expect(await s.tasks.release(first, now + 62)).toBe(false);
      expect(
        await s.tasks.complete(first, result(null), now + 62, { ledgerEntryIds: ids(), refundsPerDay: 10 }),
      ).toBeNull();
      expect(
        await s.tasks.fail(user.id, id, 'provider', now + 62, { attempt: 1, ledgerEntryIds: ids() }),
      ).toBe(false);
      // The live claim gives it back to TODO, claimed again later.
      expect(await s.tasks.release(second as NonNullable<typeof second>, now + 63)).toBe(true);
      expect(await s.tasks.get(user.id, id)).toMatchObject({ status: 'TODO', progress: 0, leaseUntil: null });
      expect(await s.tasks.claim(user.id, 'nope', now, 60)).toBeNull();
    });

    it('fails a task with its refund once, whoever races for it, and counts the batch finished once', async () => {
      const s = await make();
      const user = await account(s, { subscription: 2, ltd: 10 });
      const b = batch(user.id, [3, 1], { deadlineAt: now + 10 });
      await s.tasks.createBatch(b);
      const [a, c] = b.tasks.map((t) => t.id) as [string, string];
      expect(
        await s.tasks.fail(user.id, a, 'timed-out', now + 5, {
          onlyPastDeadline: true,
          ledgerEntryIds: ids(),
        }),
      ).toBe(false);
      const overdue = await s.tasks.overdue(now + 11, 500);
      expect(overdue).toEqual(expect.arrayContaining([{ userId: user.id, taskId: a }]));
      const fails = await Promise.all(
        [1, 2, 3].map(() => s.tasks.fail(user.id, a, 'dead-letter', now + 11, { ledgerEntryIds: ids() })),
      );
      expect(fails.filter(Boolean)).toHaveLength(1);
      expect(await balanceOf(s, user.id)).toEqual({ subscription: 2, ltd: 9 });
      expect(await s.tasks.get(user.id, a)).toMatchObject({
        status: 'ERROR',
        errorCode: 'dead-letter',
        refunded: true,
      });
      expect(await s.tasks.hasPendingBatches(user.id)).toBe(true);
      expect(await s.tasks.claimBatchFinished(user.id, b.id, now)).toBeNull();
      const claimed = await s.tasks.claim(user.id, c, now + 12, 60);
      expect(
        await s.tasks.complete(claimed as NonNullable<typeof claimed>, result(null), now + 13, {
          ledgerEntryIds: ids(),
          refundsPerDay: 10,
        }),
      ).toEqual({
        refunded: false,
        notRefunded: null,
        today: null,
      });
      expect(await s.tasks.hasPendingBatches(user.id)).toBe(false);
      const finished = await Promise.all(
        [1, 2].map(() => s.tasks.claimBatchFinished(user.id, b.id, now + 14)),
      );
      expect(finished.filter((f) => f !== null)).toEqual([
        { batchId: b.id, userId: user.id, done: 1, failed: 1, kind: 'avatars' },
      ]);
      expect(await s.tasks.counts(user.id)).toEqual({
        byStatus: { TODO: 0, IN_PROGRESS: 0, DONE: 1, ERROR: 1 },
        lastError: { taskId: a, code: 'dead-letter', at: now + 11 },
      });
      expect((await s.tasks.overdue(now + 11, 500)).filter((t) => t.userId === user.id)).toEqual([]);
    });

    it("refunds an avatar under the guarantee with the move to DONE, within the day's refunds, and keeps it once", async () => {
      const s = await make();
      const user = await account(s, { subscription: 1, ltd: 10 });
      const b = batch(user.id, [2, 2, 2]);
      await s.tasks.createBatch(b);
      const finish = async (i: number, refund: boolean) => {
        const t = await s.tasks.claim(user.id, b.tasks[i]?.id as string, now, 60);
        return s.tasks.complete(t as NonNullable<typeof t>, result(refund), now + 1, {
          ledgerEntryIds: ids(),
          refundsPerDay: 1,
        });
      };
      expect(await finish(0, true)).toEqual({
        refunded: true,
        notRefunded: null,
        today: { measured: 1, refunds: 1 },
      });
      expect(await balanceOf(s, user.id)).toEqual({ subscription: 1, ltd: 6 });
      expect(await finish(1, true)).toEqual({
        refunded: false,
        notRefunded: 'daily-limit',
        today: { measured: 2, refunds: 1 },
      });
      expect(await finish(2, false)).toMatchObject({ refunded: false, notRefunded: null });
      const withheld = await s.tasks.get(user.id, b.tasks[0]?.id as string);
      expect(withheld).toMatchObject({
        status: 'DONE',
        likeness: { refunded: true, keptAt: null, preview: true, score: 20 },
      });
      expect((await s.tasks.get(user.id, b.tasks[1]?.id as string))?.likeness).toMatchObject({
        refunded: false,
        notRefunded: 'daily-limit',
      });
      // Starring a withheld avatar is refused; keeping it takes its cost again, once.
      expect(await s.tasks.setFavourite(user.id, withheld?.id as string, true, now)).toBe('withheld');
      const keeps = await Promise.all(
        [1, 2].map(() => s.tasks.keep(user.id, withheld?.id as string, now + 2, { ledgerEntryIds: ids() })),
      );
      expect(keeps.map((k) => k.outcome).sort()).toEqual(['kept', 'not-withheld']);
      expect(await balanceOf(s, user.id)).toEqual({ subscription: 0, ltd: 5 });
      expect(await s.tasks.keep(user.id, b.tasks[1]?.id as string, now, { ledgerEntryIds: ids() })).toEqual({
        outcome: 'not-withheld',
      });
      expect(await s.tasks.keep(user.id, newTaskId(now, 0, hex()), now, { ledgerEntryIds: ids() })).toEqual({
        outcome: 'not-found',
      });
      expect(await s.tasks.setFavourite(user.id, withheld?.id as string, true, now)).toBe('done');
    });

    it('refuses to keep on a short balance, stars only finished tasks, and lists pages and favourites newest first', async () => {
      const s = await make();
      const user = await account(s, { subscription: 0, ltd: 10 });
      const b = batch(user.id, [2, 2, 2]);
      await s.tasks.createBatch(b);
      const [x, y, z] = b.tasks.map((t) => t.id) as [string, string, string];
      const t = await s.tasks.claim(user.id, x, now, 60);
      await s.tasks.complete(t as NonNullable<typeof t>, result(true), now + 1, {
        ledgerEntryIds: ids(),
        refundsPerDay: 10,
      });
      await s.setBalance(user.id, { subscription: 0, ltd: 1 });
      expect(await s.tasks.keep(user.id, x, now + 2, { ledgerEntryIds: ids() })).toEqual({
        outcome: 'short',
        needed: 2,
        available: 1,
      });
      expect(await s.tasks.setFavourite(user.id, y, true, now)).toBe('not-finished');
      expect(await s.tasks.setFavourite(user.id, newTaskId(now, 5, hex()), true, now)).toBe('not-found');
      const u = await s.tasks.claim(user.id, y, now, 60);
      await s.tasks.complete(u as NonNullable<typeof u>, result(false), now + 1, {
        ledgerEntryIds: ids(),
        refundsPerDay: 10,
      });
      expect(await s.tasks.setFavourite(user.id, y, true, now + 2)).toBe('done');
      const page1 = await s.tasks.list(user.id, 2, null);
      expect(page1.tasks.map((t) => t.id)).toEqual([x, y, z].sort().reverse().slice(0, 2));
      expect(page1.next).toBe(page1.tasks[1]?.id);
      const page2 = await s.tasks.list(user.id, 2, page1.next);
      expect(page2).toMatchObject({ next: null });
      expect(page2.tasks).toHaveLength(1);
      expect(page1.tasks[0]).not.toHaveProperty('prompt');
      const favs = await s.tasks.listFavourites(user.id, 10, null);
      expect(favs).toEqual({
        tasks: [expect.objectContaining({ id: y, favourite: true, status: 'DONE' })],
        next: null,
      });
      expect(await s.tasks.setFavourite(user.id, y, false, now + 3)).toBe('done');
      expect((await s.tasks.listFavourites(user.id, 10, null)).tasks).toEqual([]);
      await s.tasks.setBatchEmail(user.id, false);
      expect((await s.accounts.getById(user.id))?.batchFinishedEmail).toBe(false);
    });

    it("keeps a finished avatar's face landmarks beside its box for its edits, and no list reads them", async () => {
      const s = await make();
      const user = await account(s, { subscription: 0, ltd: 10 });
      const b = batch(user.id, [2, 2, 2]);
      await s.tasks.createBatch(b);
      const [x, y, z] = b.tasks.map((t) => t.id) as [string, string, string];
      const finish = async (id: string, r: DoneResult) => {
        const t = await s.tasks.claim(user.id, id, now, 60);
        await s.tasks.complete(t as NonNullable<typeof t>, r, now + 1, {
          ledgerEntryIds: ids(),
          refundsPerDay: 10,
        });
      };
      expect((await s.tasks.get(user.id, x))?.faceLandmarks).toBeNull();
      await finish(x, result(false));
      // No face found, or a face without its landmarks (a task finished before they were kept reads as this).
      await finish(y, result(false, false));
      await finish(z, { ...result(false), faceLandmarks: null });
      expect(await s.tasks.get(user.id, x)).toMatchObject({
        faceBox: { x: 0.1, y: 0.1, width: 0.3, height: 0.3 },
        faceLandmarks: LANDMARKS,
      });
      expect(await s.tasks.get(user.id, y)).toMatchObject({ faceBox: null, faceLandmarks: null });
      expect(await s.tasks.get(user.id, z)).toMatchObject({
        faceBox: { x: 0.1, y: 0.1, width: 0.3, height: 0.3 },
        faceLandmarks: null,
      });
      const listed = (await s.tasks.list(user.id, 10, null)).tasks.find((t) => t.id === x);
      expect(listed?.faceBox).toEqual({ x: 0.1, y: 0.1, width: 0.3, height: 0.3 });
      expect(listed).not.toHaveProperty('faceLandmarks');
      await s.tasks.setFavourite(user.id, x, true, now + 2);
      expect((await s.tasks.listFavourites(user.id, 10, null)).tasks[0]).not.toHaveProperty('faceLandmarks');
    });
  });
}

export function providerBudgetContract(make: () => ProviderBudgetStore | Promise<ProviderBudgetStore>) {
  describe('ProviderBudgetStore contract', () => {
    it('counts within each cap, nothing when either refuses, exactly under concurrency, and gives back', async () => {
      const store = await make();
      const day = `2099-${hex()}`;
      const limits = { perAccountPerDay: 5, overallPerDay: 8 };
      const reserve = (userId: string, calls: number) =>
        store.reserve({ userId, day, calls, limits, expiresAt: now + 86_400 });
      const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => reserve('a', 1)));
      expect(results.filter((r) => r.outcome === 'reserved')).toHaveLength(5);
      expect(results.filter((r) => r.outcome === 'account-cap-reached')).toHaveLength(2);
      expect(await reserve('b', 3)).toEqual({ outcome: 'reserved', overallUsed: 8 });
      expect(await reserve('c', 1)).toEqual({ outcome: 'overall-cap-reached' });
      expect(await reserve('c', 6)).toEqual({ outcome: 'account-cap-reached' });
      await store.release({ userId: 'b', day, calls: 2 });
      expect(await reserve('c', 2)).toEqual({ outcome: 'reserved', overallUsed: 8 });
      // Giving back more than was counted changes nothing.
      await store.release({ userId: 'c', day, calls: 9 });
      expect(await reserve('d', 1)).toEqual({ outcome: 'overall-cap-reached' });
    });
  });
}

export interface PrivacyJobsSubject {
  jobs: PrivacyJobRecords & PrivacyJobStore;
  codes: DeletionCodes;
  accounts: AccountStore;
}

export function privacyJobsContract(make: () => PrivacyJobsSubject | Promise<PrivacyJobsSubject>) {
  const ref = () => (randomUUID() + randomUUID()).replace(/-/g, '');
  async function user(s: PrivacyJobsSubject): Promise<User> {
    return s.accounts.createPendingAccount({
      id: randomUUID(),
      email: `privacy-${randomUUID()}@example.test`,
      lang: 'en',
      createdAt: now,
      expiresAt: now + 86_400,
    });
  }
  const deletion = (u: User, r: string) => ({
    ref: r,
    userId: u.id,
    email: u.email,
    lang: u.lang,
    stripeCustomerId: null,
    createdAt: now,
  });

  describe('PrivacyJobStore contract', () => {
    it('records a deletion once per session version and marks the account as gone', async () => {
      const s = await make();
      const u = await user(s);
      const [r1, r2] = [ref(), ref()];
      const results = await Promise.all([r1, r2].map((r) => s.jobs.recordDeletion(u, deletion(u, r))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await s.jobs.deletion(results[0] ? r1 : r2)).toMatchObject({
        state: 'queued',
        step: 'customer',
        userId: u.id,
        itemsDeleted: 0,
        filesDeleted: 0,
      });
      expect(await s.jobs.deletion(results[0] ? r2 : r1)).toBeNull();
      expect(await s.accounts.getById(u.id)).toBeNull();
      expect(await s.jobs.deletion(ref())).toBeNull();
    });

    it('lets one run hold a job, conditions its writes on its attempt and step, and finishes it once', async () => {
      const s = await make();
      const u = await user(s);
      const r = ref();
      await s.jobs.recordDeletion(u, deletion(u, r));
      const job = { kind: 'deletion', ref: r } as const;
      const claims = await Promise.all([1, 2].map(() => s.jobs.claim(job, now)));
      expect(claims.map((c) => c.kind).sort()).toEqual(['busy', 'claimed']);
      const first = {
        job,
        attempt: (claims.find((c) => c.kind === 'claimed') as { attempt: number }).attempt,
      };
      expect(await s.jobs.advance(first, 'customer', 'settle', now + 1)).toBe(true);
      expect(await s.jobs.advance(first, 'customer', 'settle', now + 1)).toBe(false);
      expect(await s.jobs.progress(first, now + 2, { items_deleted: 3, files_deleted: 2 })).toBe(true);
      expect(await s.jobs.deletion(r)).toMatchObject({
        state: 'running',
        step: 'settle',
        itemsDeleted: 3,
        filesDeleted: 2,
      });
      // Past the lease another run takes over; the first one writes nothing from then on.
      const second = await s.jobs.claim(job, now + 2 + JOB_LEASE_SECONDS + 1);
      expect(second).toEqual({ kind: 'claimed', attempt: first.attempt + 1 });
      expect(await s.jobs.progress(first, now + 200, { items_deleted: 1 })).toBe(false);
      expect(await s.jobs.finish(job, 'done', now + 200, first.attempt)).toBe(false);
      expect(await s.jobs.finish(job, 'done', now + 201, first.attempt + 1)).toBe(true);
      expect(await s.jobs.finish(job, 'failed', now + 202)).toBe(false);
      expect(await s.jobs.claim(job, now + 1000)).toEqual({ kind: 'finished' });
      expect(await s.jobs.deletion(r)).toMatchObject({
        state: 'done',
        step: 'done',
        email: '',
        finishedAt: now + 201,
      });
      expect(await s.jobs.claim({ kind: 'deletion', ref: ref() }, now)).toEqual({ kind: 'missing' });
    });

    it('records the team a deletion leaves under the run, and keeps it no longer than the job', async () => {
      const s = await make();
      const u = await user(s);
      const r = ref();
      await s.jobs.recordDeletion(u, deletion(u, r));
      const job = { kind: 'deletion', ref: r } as const;
      expect(await s.jobs.deletion(r)).toMatchObject({ teamId: null });
      const claim = await s.jobs.claim(job, now);
      const run = { job, attempt: (claim as { attempt: number }).attempt };
      expect(await s.jobs.progress(run, now + 1, {}, { team_id: 'team-1' })).toBe(true);
      expect(await s.jobs.progress(run, now + 2, { items_deleted: 2 })).toBe(true);
      expect(await s.jobs.deletion(r)).toMatchObject({ teamId: 'team-1', itemsDeleted: 2 });
      const stale = { job, attempt: run.attempt - 1 };
      expect(await s.jobs.progress(stale, now + 3, {}, { team_id: 'team-2' })).toBe(false);
      expect(await s.jobs.deletion(r)).toMatchObject({ teamId: 'team-1' });
      expect(await s.jobs.finish(job, 'done', now + 4, run.attempt)).toBe(true);
      expect(await s.jobs.deletion(r)).toMatchObject({ state: 'done', teamId: null });
    });

    it('shows the sweep the jobs nobody holds, by their check time, and counts each re-send', async () => {
      const s = await make();
      const u = await user(s);
      const r = ref();
      await s.jobs.recordDeletion(u, deletion(u, r));
      const job = { kind: 'deletion', ref: r } as const;
      const mine = async (at: number) =>
        (await s.jobs.due(at, 1000)).filter((d) => d.job.kind === 'deletion' && d.job.ref === r);
      expect(await mine(now + JOB_QUEUE_GRACE_SECONDS - 1)).toEqual([]);
      expect(await mine(now + JOB_QUEUE_GRACE_SECONDS + 1)).toEqual([{ job, requeues: 0 }]);
      await s.jobs.requeued(job, now + JOB_QUEUE_GRACE_SECONDS + 1);
      expect(await mine(now + JOB_QUEUE_GRACE_SECONDS + 2)).toEqual([]);
      expect(await mine(now + 2 * JOB_QUEUE_GRACE_SECONDS + 2)).toEqual([{ job, requeues: 1 }]);
      const claim = await s.jobs.claim(job, now + 10);
      const run = { job, attempt: (claim as { attempt: number }).attempt };
      expect(await mine(now + 11 + JOB_LEASE_SECONDS)).toEqual([{ job, requeues: 1 }]);
      expect(await mine(now + 9 + JOB_LEASE_SECONDS)).toEqual([]);
      await s.jobs.release(run, now + 20, now + 50);
      expect(await mine(now + 51)).toEqual([{ job, requeues: 1 }]);
      expect(await s.jobs.claim(job, now + 21)).toMatchObject({ kind: 'claimed' });
    });

    it("records exports in their owner's partition, newest first, with the built file", async () => {
      const s = await make();
      const u = await user(s);
      const exp = (id: string, at: number) => ({
        userId: u.id,
        exportId: id,
        email: u.email,
        lang: u.lang,
        createdAt: at,
        expiresAt: at + 7 * 86_400,
      });
      await s.jobs.recordExport(exp('0000000001-a', now));
      await s.jobs.recordExport(exp('0000000002-b', now + 5));
      expect((await s.jobs.recentExports(u.id)).map((e) => e.exportId)).toEqual([
        '0000000002-b',
        '0000000001-a',
      ]);
      const job = { kind: 'export', userId: u.id, exportId: '0000000002-b' } as const;
      const claim = await s.jobs.claim(job, now + 6);
      const run = { job, attempt: (claim as { attempt: number }).attempt };
      expect(
        await s.jobs.advance(run, 'build', 'notify', now + 7, undefined, {
          object_key: 'exports/x.zip',
          size: 42,
        }),
      ).toBe(true);
      expect(await s.jobs.dataExport(u.id, '0000000002-b')).toMatchObject({
        state: 'running',
        step: 'notify',
        key: 'exports/x.zip',
        size: 42,
      });
      expect(await s.jobs.dataExport(u.id, 'nope')).toBeNull();
      expect(await s.jobs.recentExports(randomUUID())).toEqual([]);
    });

    it('keeps one deletion code per account until it expires', async () => {
      const s = await make();
      const u = await user(s);
      await s.codes.saveDeletionCode(u.id, 'hash-1', now + 60);
      await s.codes.saveDeletionCode(u.id, 'hash-2', now + 60);
      expect(await s.codes.deletionCodeOf(u.id, now)).toBe('hash-2');
      expect(await s.codes.deletionCodeOf(u.id, now + 61)).toBeNull();
      expect(await s.codes.deletionCodeOf(randomUUID(), now)).toBeNull();
    });
  });
}
