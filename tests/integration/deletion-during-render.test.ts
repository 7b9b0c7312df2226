// An account deleted while one of its avatars renders (docs/operations.md, "Account deletion"): the real worker
// on its own queue with a provider that takes seconds (tests/support/worker-harness.ts), and the real deletion
// job driven by hand (tests/support/privacy-jobs.ts). Once the job is done, nothing of the account is left
// under any prefix of the bucket, nor any task item, whenever the render ended.
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { USER_FILE_PREFIXES } from '#shared/table-design.ts';
import { encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { requestAccountDeletion } from '../../functions/privacy/domain/account-deletion.ts';
import { runPrivacyJob } from '../../functions/privacy/domain/job-runs.ts';
import type { JobRef } from '../../functions/privacy/domain/jobs.ts';
import { callRoute, stack } from '../support/api.ts';
import { creator, stylesCosting, testDb } from '../support/avatars.ts';
import { bucketKeys } from '../support/photos.ts';
import {
  deletionDone,
  mentioning,
  type PrivacyHarness,
  startPrivacyHarness,
  wholeTable,
} from '../support/privacy-jobs.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

/**
 * The longest a render is held (within the harness's 20 s provider timeout); each test ends it once it has
 * acted during it.
 */
const RENDER_MS = 18_000;
/** What the worker logs once it is done with a delivery of a task it claimed. */
const LAST_LINES = [
  'avatar done',
  'avatar made but the claim was lost',
  'task dropped: its account is being deleted',
];

let worker: WorkerHarness;
let jobs: PrivacyHarness;
const lines: { message: string; taskId: unknown; at: number }[] = [];

beforeAll(async () => {
  [worker, jobs] = await Promise.all([startWorkerHarness(), startPrivacyHarness()]);
  // The worker reads its deps at each delivery: its log lines say when a delivery is over.
  const log = worker.deps.log;
  worker.deps.log = (level, message, fields) => {
    lines.push({ message, taskId: fields?.taskId, at: Date.now() });
    log(level, message, fields);
  };
});
afterAll(async () => {
  await Promise.all([worker?.stop(), jobs?.stop()]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Every file of the account, under each prefix the product writes. */
async function filesOf(userId: string): Promise<string[]> {
  return (await Promise.all(USER_FILE_PREFIXES.map((p) => bucketKeys(`${p}${userId}/`)))).flat();
}

/** Asks for the deletion as the account page does (confirmed by its emailed link), then takes its job. */
async function requestDeletion(userId: string): Promise<JobRef> {
  const code = `code-${userId}`;
  await jobs.request.codes.saveDeletionCode(
    userId,
    jobs.request.ids.hashSecret(code),
    jobs.clock.now() + 600,
  );
  const started = await requestAccountDeletion(jobs.request, await jobs.user(userId), { code });
  return { kind: 'deletion', ref: jobs.request.ids.hashSecret(started.id) };
}

/** Runs the job until it is done; a run that waits for a render is tried again shortly, as its message does. */
async function runToTheEnd(job: JobRef): Promise<void> {
  for (let runs = 0; ; runs++) {
    const outcome = await runPrivacyJob(jobs.job, job);
    if (outcome === 'done') return;
    expect(['paused', 'waiting', 'busy']).toContain(outcome);
    expect(runs).toBeLessThan(100);
    await sleep(200);
  }
}

/** A long history (tasks sorted before the new one): the job deletes the partition over several pages. */
async function history(userId: string, n: number) {
  const db = createDocumentClient(stack().dynamoEndpoint);
  const items = Array.from({ length: n }, (_, i) => ({
    PutRequest: {
      Item: { ...keys.task(userId, `0${String(i).padStart(5, '0')}`), user_id: userId, status: 'DONE' },
    },
  }));
  for (let i = 0; i < items.length; i += 25)
    await db.send(new BatchWriteCommand({ RequestItems: { [stack().tableName]: items.slice(i, i + 25) } }));
  db.destroy();
}

const taskItem = async (userId: string, taskId: string) =>
  (
    await testDb().send(
      new GetCommand({ TableName: stack().tableName, Key: keys.task(userId, taskId), ConsistentRead: true }),
    )
  ).Item;

describe('an account deleted while its avatar renders', { timeout: 120_000 }, () => {
  it('keeps no file of the render under any prefix, and no task item, once the job is done', async () => {
    const user = await creator({ ltd: 5 });
    await history(user.userId, 90);
    const [style] = await stylesCosting(1);
    const calls = worker.provider.calls.length;
    worker.provider.script({ kind: 'ok', delayMs: RENDER_MS });
    const { task_ids } = await worker.create(user.userId, [style?.id as number]);
    const taskId = task_ids[0] as string;
    await waitFor(() => (worker.provider.calls.length > calls ? true : undefined), 'the render to start');

    // While the provider renders: the deletion is asked for and its job goes as far as it may in one run
    // of a few pages (the files, then some of the items; the task's item is still there).
    const job = await requestDeletion(user.userId);
    expect(await runPrivacyJob(jobs.job, job, { pages: 8 })).not.toBe('done');
    expect(await taskItem(user.userId, taskId)).toBeDefined();

    // The render ends, then the job runs to its end.
    worker.provider.release();
    const last = await waitFor(
      () => lines.find((l) => l.taskId === taskId && LAST_LINES.includes(l.message)),
      'the worker to be done with the render',
    );
    await runToTheEnd(job);

    expect(await filesOf(user.userId)).toEqual([]);
    expect(await taskItem(user.userId, taskId)).toBeUndefined();
    expect(mentioning(await wholeTable(), user.userId).map((i) => `${i.pk} ${i.sk}`)).toEqual([]);
    // What the worker did: it found the account being deleted once the provider answered, and stored nothing.
    expect(last.message).toBe('task dropped: its account is being deleted');
  });

  it('starts no render for an account being deleted: a message delivered then finds it so', async () => {
    const user = await creator({ ltd: 5 });
    const [style] = await stylesCosting(1);
    // Created onto a queue no worker reads: delivered below, once the account is marked.
    const parked = await worker.sqs.newQueue({});
    const { task_ids } = await worker.create(user.userId, [style?.id as number], { queue: parked });
    const taskId = task_ids[0] as string;
    const job = await requestDeletion(user.userId);
    const calls = worker.provider.calls.length;
    await worker.send(encodeTaskMessage({ taskId, userId: user.userId }));
    const last = await waitFor(
      () => lines.find((l) => l.taskId === taskId && LAST_LINES.includes(l.message)),
      'the worker to be done with the task',
    );
    expect(last.message).toBe('task dropped: its account is being deleted');
    expect(worker.provider.calls.length).toBe(calls);
    expect(await runPrivacyJob(jobs.job, job)).toBe('done');
    expect(await filesOf(user.userId)).toEqual([]);
    expect(mentioning(await wholeTable(), user.userId)).toEqual([]);
  });

  it("through the route and the stack's job function: the job ends after the render, and nothing is left", async () => {
    const user = await creator({ ltd: 5 });
    const [style] = await stylesCosting(1);
    const calls = worker.provider.calls.length;
    worker.provider.script({ kind: 'ok', delayMs: RENDER_MS });
    const { task_ids } = await worker.create(user.userId, [style?.id as number]);
    const taskId = task_ids[0] as string;
    await waitFor(() => (worker.provider.calls.length > calls ? true : undefined), 'the render to start');
    const code = `code-${user.userId}`;
    await jobs.request.codes.saveDeletionCode(
      user.userId,
      jobs.request.ids.hashSecret(code),
      jobs.clock.now() + 600,
    );
    const res = await callRoute('deleteAccount', { token: user.token, body: { code } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    worker.provider.release();
    // The job's runs wait for the render (a delayed message every few seconds), then delete everything.
    const done = await deletionDone(res.body.deletion.id);
    const last = lines.find((l) => l.taskId === taskId && LAST_LINES.includes(l.message));
    expect(last?.message).toBe('task dropped: its account is being deleted');
    expect((done.finished_at ?? 0) * 1000).toBeGreaterThanOrEqual(
      Math.floor((last?.at ?? Infinity) / 1000) * 1000,
    );
    expect(await filesOf(user.userId)).toEqual([]);
    expect(mentioning(await wholeTable(), user.userId)).toEqual([]);
  });
});
