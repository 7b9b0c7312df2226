// "Likeness score on every avatar, and the guarantee": the real worker and the real face model.
// A render of the user scores high and keeps its tokens; a render of someone else, or of no one, is DONE
// (withheld until kept) and refunded exactly once with its own ledger reason, even when its message comes
// twice; the stage's threshold decides; photos deleted during the render do not stop the measure; photos
// recorded before the face check leave the avatar unmeasured and unrefunded.
import { join } from 'node:path';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { DEFAULT_LIKENESS_GUARANTEE } from '#shared/face-rules.ts';
import { ledgerOrder } from '../../functions/accounts/domain/ledger-order.ts';
import { encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  balanceOf,
  creator,
  type LedgerRow,
  ledgerOf,
  ledgerSum,
  stylesCosting,
  testDb,
  waitForTasks,
} from '../support/avatars.ts';
import { FACE_FIXTURE_DIR, selfies } from '../support/face-fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

/** The user's photos show fixture person 0; the "someone else" render shows person 13 (0.85 apart). */
const SOMEONE_ELSE = 13;

let user: WorkerHarness;
let someoneElse: WorkerHarness;
let noFace: WorkerHarness;
let slowProvider: WorkerHarness;
beforeAll(async () => {
  await selfies();
  [user, someoneElse, noFace, slowProvider] = await Promise.all([
    startWorkerHarness({ localRenderer: true }),
    startWorkerHarness({
      localRenderer: true,
      env: { LOCAL_RENDERER_FACE: join(FACE_FIXTURE_DIR, `person-${SOMEONE_ELSE}.jpg`) },
    }),
    startWorkerHarness({ localRenderer: true, env: { LOCAL_RENDERER_FACE: 'none' } }),
    startWorkerHarness(),
  ]);
}, 120_000);
afterAll(() => Promise.all([user, someoneElse, noFace, slowProvider].map((h) => h?.stop())));

async function finished(token: string, id: string): Promise<AvatarTask> {
  const [task] = await waitForTasks(token, [id], 60_000);
  return task as AvatarTask;
}

const AVATAR_REASONS = ['generation', 'generation_refund', 'likeness_refund'];

/**
 * The ledger explains the balance: from the balance the test set, replayed in the order the account page
 * shows them (functions/accounts/domain/ledger-order.ts, within a second by each pool's balance chain), each
 * avatar entry's balance_after follows from the one before, the last saying what the pool holds now.
 */
function ledgerAgrees(
  rows: LedgerRow[],
  start: { ltd: number; subscription?: number },
  balance: { ltd: number; subscription: number },
): void {
  const opening = { ltd: start.ltd, subscription: start.subscription ?? 0 };
  const avatarRows = ledgerOrder(
    rows.filter((r) => AVATAR_REASONS.includes(r.reason)),
    (r) => ({
      pool: r.pool,
      amount: r.amount,
      balanceAfter: r.balance_after,
      createdAt: (r as LedgerRow & { created_at: number }).created_at,
    }),
    { opening, closing: balance },
  );
  for (const pool of ['ltd', 'subscription'] as const) {
    let held = opening[pool];
    for (const r of avatarRows.filter((r) => r.pool === pool)) {
      expect(r.balance_after, `${pool} pool: ${r.reason} ${r.amount} follows from ${held}`).toBe(
        held + r.amount,
      );
      held = r.balance_after;
    }
    expect(held, `${pool} pool`).toBe(balance[pool]);
  }
}

const metricsOf = (h: WorkerHarness, from: number) => h.metrics.slice(from);

// Each test waits for real renders and the real face model on a shared 2-core machine.
describe('the likeness guarantee', { timeout: 120_000 }, () => {
  it('scores a render of the user high: DONE, charged, no refund', async () => {
    const start = { ltd: 5 };
    const account = await creator(start);
    const [style] = await stylesCosting(1);
    const before = user.metrics.length;
    const { task_ids } = await user.create(account.userId, [style?.id as number]);
    const task = await finished(account.token, task_ids[0] as string);
    // The worker records its metrics after the task's DONE is written: once its message is handled.
    await user.settled();
    expect(task.status).toBe('DONE');
    expect(task.likeness).toBeGreaterThanOrEqual(DEFAULT_LIKENESS_GUARANTEE + 30);
    expect(task.likeness_refunded).toBe(false);
    const balance = await balanceOf(account.token);
    expect(balance.ltd).toBe(4);
    const ledger = await ledgerOf(account.token);
    expect(ledgerSum(ledger, 'likeness_refund')).toBe(0);
    ledgerAgrees(ledger, start, balance);
    const recorded = metricsOf(user, before);
    expect(recorded.filter(([n]) => n === 'LikenessScored')).toHaveLength(1);
    expect(recorded.filter(([n]) => n === 'LikenessScore')).toEqual([['LikenessScore', task.likeness]]);
    expect(recorded.filter(([n]) => n === 'LikenessRefunds')).toHaveLength(0);
  });

  it('refunds a render of someone else once, to the pools it came from, even when its message comes twice', async () => {
    const start = { ltd: 3, subscription: 1 };
    const account = await creator(start);
    const [style] = await stylesCosting(1);
    const before = someoneElse.metrics.length;
    const { task_ids } = await someoneElse.create(account.userId, [style?.id as number]);
    const id = task_ids[0] as string;
    const body = encodeTaskMessage({ taskId: id, userId: account.userId });
    await someoneElse.send(body);
    await someoneElse.send(body);
    const task = await finished(account.token, id);
    // The later deliveries find the task claimed or DONE and leave.
    await someoneElse.settled();
    expect(task.status).toBe('DONE');
    expect(task.likeness).toBeTypeOf('number');
    expect(task.likeness).toBeLessThan(DEFAULT_LIKENESS_GUARANTEE);
    expect(task.likeness_refunded).toBe(true);
    // Withheld until kept: only the server's blurred copy is shown (withheld-avatars.test.ts).
    expect(task.withheld).toBe(true);
    expect(task).not.toHaveProperty('thumbnail_url');
    expect((await fetch(task.preview_url as string)).status).toBe(200);
    // The monthly token it took comes back to the monthly pool, once.
    const balance = await balanceOf(account.token);
    expect(balance).toEqual({ ltd: 3, subscription: 1 });
    const ledger = await ledgerOf(account.token);
    expect(ledger.filter((r) => r.reason === 'likeness_refund')).toEqual([
      expect.objectContaining({ pool: 'subscription', amount: 1, balance_after: 1 }),
    ]);
    expect(ledgerSum(ledger, 'generation', 'likeness_refund')).toBe(0);
    expect(ledgerSum(ledger, 'generation_refund')).toBe(0);
    ledgerAgrees(ledger, start, balance);
    const recorded = metricsOf(someoneElse, before).map(([n]) => n);
    expect(recorded.filter((n) => n === 'LikenessRefunds')).toHaveLength(1);
    expect(recorded.filter((n) => n === 'TasksDone')).toHaveLength(1);
    expect((await callRoute('userTasks', { token: account.token })).body.tasks[0]).toMatchObject({
      id,
      status: 'DONE',
      likeness_refunded: true,
    });
  });

  it('refunds an avatar that shows no face: likeness null', async () => {
    const start = { ltd: 2 };
    const account = await creator(start);
    const [style] = await stylesCosting(1);
    const { task_ids } = await noFace.create(account.userId, [style?.id as number]);
    const task = await finished(account.token, task_ids[0] as string);
    expect(task.status).toBe('DONE');
    expect(task.likeness).toBeNull();
    expect(task.likeness_refunded).toBe(true);
    const balance = await balanceOf(account.token);
    expect(balance.ltd).toBe(2);
    const ledger = await ledgerOf(account.token);
    expect(ledgerSum(ledger, 'likeness_refund')).toBe(1);
    ledgerAgrees(ledger, start, balance);
  });

  it("follows the stage's threshold: the same render of someone else is kept at a guarantee below its score", async () => {
    const account = await creator({ ltd: 2 });
    const [style] = await stylesCosting(1);
    someoneElse.deps.likenessGuarantee = 0;
    try {
      const { task_ids } = await someoneElse.create(account.userId, [style?.id as number]);
      const task = await finished(account.token, task_ids[0] as string);
      expect(task.likeness).toBeTypeOf('number');
      expect(task.likeness_refunded).toBe(false);
      expect((await balanceOf(account.token)).ltd).toBe(1);
      expect(ledgerSum(await ledgerOf(account.token), 'likeness_refund')).toBe(0);
    } finally {
      someoneElse.deps.likenessGuarantee = DEFAULT_LIKENESS_GUARANTEE;
    }
  });

  it('measures against the faces read before the render, though the photos were deleted meanwhile', async () => {
    const account = await creator({ ltd: 2 });
    const [style] = await stylesCosting(1);
    // The render is held (18 s at most, within the harness's 20 s provider timeout) until the photos are
    // deleted.
    slowProvider.provider.script({ kind: 'ok', delayMs: 18_000 });
    const { task_ids } = await slowProvider.create(account.userId, [style?.id as number]);
    const id = task_ids[0] as string;
    // Once the provider has the photos, the user deletes them.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const t = (await callRoute('userTasks', { token: account.token })).body.tasks.find((x) => x.id === id);
      if ((t?.progress ?? 0) >= 25) break;
      if (Date.now() > deadline) throw new Error('the task never reached the provider');
      await new Promise((r) => setTimeout(r, 50));
    }
    const photos = await callRoute('listPhotos', { token: account.token });
    for (const p of photos.body.files)
      expect(
        (await callRoute('deletePhoto', { token: account.token, params: { filename: p.filename } })).status,
      ).toBe(200);
    slowProvider.provider.release();
    const task = await finished(account.token, id);
    expect(task.status).toBe('DONE');
    expect(task.likeness).toBeGreaterThanOrEqual(80);
    expect(task.likeness_refunded).toBe(false);
  });

  it('leaves an avatar unmeasured and unrefunded when no reference photo had a measured face', async () => {
    const account = await creator({ ltd: 2 });
    const [style] = await stylesCosting(1);
    // Photos recorded before the face check have no face on their record.
    const db = testDb();
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: stack().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :photo)',
        ExpressionAttributeValues: { ':pk': `USER#${account.userId}`, ':photo': 'PHOTO#' },
      }),
    );
    expect(Items).toHaveLength(2);
    for (const item of Items)
      await db.send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'REMOVE face',
        }),
      );
    const { task_ids } = await noFace.create(account.userId, [style?.id as number]);
    const task = await finished(account.token, task_ids[0] as string);
    expect(task.status).toBe('DONE');
    expect(task).not.toHaveProperty('likeness');
    expect(task).not.toHaveProperty('likeness_refunded');
    expect((await balanceOf(account.token)).ltd).toBe(1);
  });
});
