// A pending task says its real stage (queued, generating, finishing) and an estimate,
// and the stage never goes back: not under duplicate deliveries, not when the provider asks to retry later,
// not when a late write of an earlier claim arrives. The real worker on a Lambda-like SQS event source, the
// OpenAI adapter against the fake provider (slowed), the real table; the stages read through the real API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { TASK_STAGES } from '../../functions/generation/domain/task-progress.ts';
import { encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { DynamoTaskDurations } from '../../functions/generation/dynamodb/task-durations.ts';
import { DynamoTaskStore } from '../../functions/generation/dynamodb/task-store.ts';
import { callRoute, stack } from '../support/api.ts';
import { creator, stylesCosting, testDb } from '../support/avatars.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

let h: WorkerHarness;
let user: Awaited<ReturnType<typeof creator>>;
let styleId: number;
beforeAll(async () => {
  h = await startWorkerHarness();
  // One account for the file: each photo upload runs the face model.
  user = await creator({ ltd: 10 });
  styleId = (await stylesCosting(1))[0]?.id as number;
});
afterAll(() => h?.stop());

const store = () => new DynamoTaskStore(testDb(), stack().tableName);

const readTask = async (id: string): Promise<AvatarTask | undefined> =>
  (await callRoute('userTasks', { token: user.token })).body.tasks.find((t) => t.id === id);

/** Reads the task through the API every 100 ms until it finishes: every answer, in order. */
async function watch(id: string, ms = 30_000): Promise<AvatarTask[]> {
  const seen: AvatarTask[] = [];
  const end = Date.now() + ms;
  for (;;) {
    const t = await readTask(id);
    if (t) seen.push(t);
    if (t?.status === 'DONE' || t?.status === 'ERROR') return seen;
    if (Date.now() > end) throw new Error(`task ${id} not finished: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stagesOf = (seen: AvatarTask[]) =>
  seen.filter((t) => t.stage).map((t) => TASK_STAGES.indexOf(t.stage as (typeof TASK_STAGES)[number]));
const neverBack = (ranks: number[]) => ranks.every((r, i) => i === 0 || r >= (ranks[i - 1] as number));

describe('task stages', { timeout: 90_000 }, () => {
  it('goes queued, generating, finishing, then DONE, never back, whatever duplicates arrive', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    // The render is held (18 s at most, within the harness's 20 s provider timeout) until the checks made
    // during it.
    h.provider.script({ kind: 'ok', delayMs: 18_000 });
    const before = h.provider.calls.length;
    // Created onto a queue no worker reads: it waits there, queued, until its message is sent on below.
    const parked = await h.sqs.newQueue({});
    const { task_ids } = await h.create(user.userId, [styleId], { queue: parked });
    const id = task_ids[0] as string;
    const first = await readTask(id);
    expect(first?.stage).toBe('queued');
    expect(first?.seconds_left).toBeGreaterThan(0);
    expect(first?.stage_seconds).toBeGreaterThan(0);
    expect(first?.stage_elapsed).toBeGreaterThanOrEqual(0);
    expect(first?.seconds_left).toBeGreaterThanOrEqual(
      (first?.stage_seconds as number) - (first?.stage_elapsed as number),
    );
    expect(first?.running_late).toBe(false);
    // The message, twice at once, and once more while the first delivery generates.
    const body = encodeTaskMessage({ taskId: id, userId: user.userId });
    await Promise.all([h.send(body), h.send(body)]);
    const watching = watch(id);
    const claimed = await until(
      () => store().get(user.userId, id),
      (t) => t?.stageTimes.generatingAt != null,
    );
    await h.send(body);
    // A write of an earlier claim (attempt 0) arriving late is refused, and moves no stage.
    const stale = { ...(claimed as NonNullable<typeof claimed>), attempt: 0 };
    expect(await store().progress(stale, 80, Math.floor(Date.now() / 1000), { stage: 'finishing' })).toBe(
      false,
    );
    expect((await store().get(user.userId, id))?.stageTimes.finishingAt).toBeNull();
    h.provider.release();
    const seen = await watching;

    const ranks = stagesOf(seen);
    expect(neverBack(ranks)).toBe(true);
    expect(ranks).toContain(TASK_STAGES.indexOf('generating'));
    const generating = seen.filter((t) => t.stage === 'generating');
    expect(generating.every((t) => t.status === 'IN_PROGRESS' && (t.seconds_left as number) >= 0)).toBe(true);
    // Done: no stage, no estimate; one provider call for three deliveries.
    const done = seen.at(-1) as AvatarTask;
    expect(done.status).toBe('DONE');
    expect(done.stage).toBeUndefined();
    expect(done.seconds_left).toBeUndefined();
    const times = (await store().get(user.userId, id))?.stageTimes;
    expect(times?.generatingAt).toBeGreaterThanOrEqual(startedAt);
    expect(times?.finishingAt).toBeGreaterThanOrEqual(times?.generatingAt as number);
    // A last duplicate after DONE changes nothing, not even the stages' times.
    await h.send(body);
    await h.settled();
    expect((await store().get(user.userId, id))?.stageTimes).toEqual(times);
    expect(h.provider.calls.length - before).toBe(1);
    // Its durations are kept for the next estimates (read by key).
    const samples = await new DynamoTaskDurations(testDb(), stack().tableName).recent();
    expect(samples.some((s) => s.at >= startedAt)).toBe(true);
  });

  it('a retry the provider asked for goes back to TODO but stays at generating, not queued', async () => {
    h.provider.script({ kind: 'rate-limit', retryAfter: '3' }, { kind: 'ok', delayMs: 500 });
    const { task_ids } = await h.create(user.userId, [styleId]);
    const seen = await watch(task_ids[0] as string);
    const waiting = seen.filter((t) => t.status === 'TODO' && t.stage === 'generating');
    expect(waiting.length).toBeGreaterThan(0);
    expect(neverBack(stagesOf(seen))).toBe(true);
    expect(seen.at(-1)?.status).toBe('DONE');
  });
});
