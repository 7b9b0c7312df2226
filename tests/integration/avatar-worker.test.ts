// "Worker": the real worker and dead-letter handler on a Lambda-like SQS event source, the OpenAI
// adapter against the fake provider. Duplicate deliveries, provider errors, refusals, a poison message
// and a task stuck past its deadline each end with one result or exactly one refund.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TASK_TIMING } from '#platform/domain/task-timing.ts';
import { sweepOverdueTasks } from '../../functions/generation/domain/abandoned-tasks.ts';
import { encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { DynamoOverdueTasks } from '../../functions/generation/dynamodb/task-deadlines.ts';
import { BACKDROP_PROMPTS, OUTFIT_PROMPTS } from '../../functions/styles/domain/style-choices.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  activeStyles,
  balanceOf,
  creator,
  ledgerOf,
  ledgerSum,
  stylesCosting,
  testDb,
} from '../support/avatars.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

let h: WorkerHarness;
beforeAll(async () => {
  h = await startWorkerHarness();
});
afterAll(() => h?.stop());

const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const taskOf = (token: string, id: string) =>
  until(
    async () => (await callRoute('userTasks', { token })).body.tasks.find((t) => t.id === id),
    (t) => t?.status === 'DONE' || t?.status === 'ERROR',
  );

// Each finished avatar is measured by the real face model: slower on a busy 2-core machine.
describe('the avatar worker', { timeout: 60_000 }, () => {
  it('retries a provider 500 through the queue and finishes DONE, charged once, with a result and a thumbnail', async () => {
    const user = await creator({ ltd: 5 });
    const [style] = await stylesCosting(1);
    const before = h.provider.calls.length;
    h.provider.script({ kind: 'server-error' });
    const { task_ids } = await h.create(user.userId, [style?.id as number]);
    const task = await taskOf(user.token, task_ids[0] as string);
    expect(task?.status).toBe('DONE');
    expect(task?.render_kind).toBe('ai');
    expect(task?.progress).toBe(100);
    expect(h.provider.calls.length - before).toBe(2);
    expect((await balanceOf(user.token)).ltd).toBe(4);
    const ledger = await ledgerOf(user.token);
    expect(ledgerSum(ledger, 'generation')).toBe(-1);
    expect(ledgerSum(ledger, 'generation_refund')).toBe(0);
    const thumb = await fetch(task?.thumbnail_url as string);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const filename = task?.result_path?.replace(/^results\//, '') as string;
    const data = await callRoute('resultData', { token: user.token, params: { filename } });
    expect(data.body.content_type).toBe('image/png');
  });

  it('makes one result and one charge from a duplicate delivery', async () => {
    const user = await creator({ ltd: 5 });
    const [style] = await stylesCosting(1);
    h.provider.script({ kind: 'ok', delayMs: 300 });
    const before = h.provider.calls.length;
    const metricsBefore = h.metrics.length;
    const { task_ids } = await h.create(user.userId, [style?.id as number]);
    const body = encodeTaskMessage({ taskId: task_ids[0] as string, userId: user.userId });
    await h.send(body);
    await h.send(body);
    const task = await taskOf(user.token, task_ids[0] as string);
    expect(task?.status).toBe('DONE');
    // The later duplicates find the task claimed or finished, and leave.
    await h.settled();
    expect(h.provider.calls.length - before).toBe(1);
    // CloudWatch counts what happened once: one provider call with its latency, one task done.
    const recorded = h.metrics.slice(metricsBefore).map(([name]) => name);
    expect(recorded.filter((n) => n === 'ProviderCalls')).toHaveLength(1);
    expect(recorded.filter((n) => n === 'ProviderLatency')).toHaveLength(1);
    expect(recorded.filter((n) => n === 'TasksDone')).toHaveLength(1);
    expect((await balanceOf(user.token)).ltd).toBe(4);
    expect(ledgerSum(await ledgerOf(user.token), 'generation', 'generation_refund')).toBe(-1);
  });

  it('fails a refused task with exactly one refund and the reason', async () => {
    const user = await creator({ ltd: 3, subscription: 1 });
    const [style] = await stylesCosting(1);
    h.provider.script({ kind: 'refusal', categories: ['violence'] });
    const metricsBefore = h.metrics.length;
    const { task_ids } = await h.create(user.userId, [style?.id as number]);
    const task = await taskOf(user.token, task_ids[0] as string);
    expect(task?.status).toBe('ERROR');
    expect(task?.refunded).toBe(true);
    expect(task?.error).toMatch(/safety system refused/);
    // The "tasks refunded per hour" alarm reads this count.
    await vi.waitFor(() =>
      expect(h.metrics.slice(metricsBefore).filter(([n]) => n === 'TasksRefunded')).toEqual([
        ['TasksRefunded', 1],
      ]),
    );
    // The monthly token it took comes back to the monthly pool.
    expect(await balanceOf(user.token)).toEqual({ ltd: 3, subscription: 1 });
    const ledger = await ledgerOf(user.token);
    expect(ledger.filter((r) => r.reason === 'generation_refund')).toEqual([
      expect.objectContaining({ pool: 'subscription', amount: 1, balance_after: 1 }),
    ]);
  });

  it('sends the chosen backdrop and outfit in the prompt; Try again of a refused one sends them again, charged anew', async () => {
    const user = await creator({ ltd: 10 });
    const style = (await activeStyles()).find((s) => s.accepts_choices && s.token_cost === 2);
    if (!style) throw new Error('no style of 2 tokens that takes choices');
    h.provider.script({ kind: 'refusal', categories: ['violence'] });
    const before = h.provider.calls.length;
    const { task_ids } = await h.create(user.userId, [style.id], {
      choices: [{ backdrops: ['brick-wall'], outfits: ['blazer'] }],
    });
    const refusedId = task_ids[0] as string;
    expect(await taskOf(user.token, refusedId)).toMatchObject({
      status: 'ERROR',
      refunded: true,
      backdrop: 'brick-wall',
      outfit: 'blazer',
    });
    const prompt = h.provider.calls[before]?.fields.prompt;
    expect(prompt).toContain(`Setting: ${BACKDROP_PROMPTS['brick-wall']}.`);
    expect(prompt).toContain(`Wardrobe: ${OUTFIT_PROMPTS.blazer}.`);
    expect(prompt).not.toContain(style.prompt.match(/Setting: [^.]*/)?.[0] as string);

    // Not finished yet: nothing to try again (a task queued where no worker listens).
    const pending = await h.create(user.userId, [style.id], { queue: await h.sqs.newQueue() });
    await expect(h.tryAgain(user.userId, pending.task_ids[0] as string, 'k-pending')).rejects.toMatchObject({
      code: 'TASK_NOT_FINISHED',
    });

    const again = await h.tryAgain(user.userId, refusedId, `again-${refusedId}`);
    expect(again.tokens_spent).toBe(2);
    const done = await taskOf(user.token, again.task_ids[0] as string);
    expect(done).toMatchObject({
      status: 'DONE',
      style_id: style.id,
      backdrop: 'brick-wall',
      outfit: 'blazer',
    });
    expect(h.provider.calls.at(-1)?.fields.prompt).toBe(prompt);
    // Refused: charged and refunded; pending: charged; tried again: charged.
    const ledger = await ledgerOf(user.token);
    expect([ledgerSum(ledger, 'generation'), ledgerSum(ledger, 'generation_refund')]).toEqual([-6, 2]);
    expect((await balanceOf(user.token)).ltd).toBe(6);
  });

  it('sends a task whose deliveries keep failing to the dead-letter queue: ERROR and exactly one refund', async () => {
    const user = await creator({ ltd: 2 });
    const [style] = await stylesCosting(1);
    h.provider.script(
      { kind: 'server-error' },
      { kind: 'server-error' },
      { kind: 'server-error' },
      { kind: 'server-error' },
    );
    const before = h.provider.calls.length;
    const { task_ids } = await h.create(user.userId, [style?.id as number]);
    const task = await taskOf(user.token, task_ids[0] as string);
    expect(task?.status).toBe('ERROR');
    expect(task?.error).toMatch(/failed after several tries/);
    expect(h.provider.calls.length - before).toBe(3);
    expect((await balanceOf(user.token)).ltd).toBe(2);
    expect(ledgerSum(await ledgerOf(user.token), 'generation_refund')).toBe(1);
    h.provider.reset();
  });

  it('drops a message that is not ours without charging or failing anyone', async () => {
    const before = h.provider.calls.length;
    await h.send('{"hello":"world"}');
    await h.send('not json');
    await until(
      () => h.sqs.counts(h.queue.url),
      (c) => c.visible + c.inFlight === 0,
    );
    expect(h.provider.calls.length).toBe(before);
  });

  it('refunds at once, to the pools they came from, the tasks whose messages could not be sent', async () => {
    const user = await creator({ ltd: 3, subscription: 1 });
    const styles = await stylesCosting(2);
    const unreachable = { ...h.queue, url: `${h.sqs.sqs.endpoint}/000000000000/no-such-queue` };
    const answer = await h.create(
      user.userId,
      styles.map((s) => s.id),
      { queue: unreachable },
    );
    expect(answer).toMatchObject({ tokens_spent: 0, tokens_left: 4 });
    for (const id of answer.task_ids) {
      const task = await taskOf(user.token, id);
      expect(task).toMatchObject({ status: 'ERROR', refunded: true });
      expect(task?.error).toMatch(/could not be started/);
    }
    expect(await balanceOf(user.token)).toEqual({ ltd: 3, subscription: 1 });
    const refunds = (await ledgerOf(user.token)).filter((r) => r.reason === 'generation_refund');
    expect(refunds.map((r) => [r.pool, r.amount]).sort()).toEqual([
      ['ltd', 1],
      ['subscription', 1],
    ]);
  });

  it('sweeps a task stuck past its deadline: ERROR and exactly one refund, whoever races for it', async () => {
    const user = await creator({ ltd: 3 });
    const [style] = await stylesCosting(1);
    // A lost message: the task is queued where no worker listens, two hours ago.
    const nowhere = await h.sqs.newQueue();
    const past = Math.floor(Date.now() / 1000) - 2 * TASK_TIMING.deadlineSeconds;
    const { task_ids } = await h.create(user.userId, [style?.id as number], {
      clock: { now: () => past },
      queue: nowhere,
    });
    expect((await balanceOf(user.token)).ltd).toBe(2);
    const deps = { ...h.deps, deadlines: new DynamoOverdueTasks(testDb(), stack().tableName) };
    const [a, b] = await Promise.all([sweepOverdueTasks(deps), sweepOverdueTasks(deps)]);
    expect(a + b).toBeLessThanOrEqual(1);
    const task = await taskOf(user.token, task_ids[0] as string);
    expect(task?.status).toBe('ERROR');
    expect(task?.error).toMatch(/took too long/);
    // A dead letter for the same task afterwards refunds nothing more.
    await h.send(encodeTaskMessage({ taskId: task_ids[0] as string, userId: user.userId }));
    await h.settled();
    expect((await balanceOf(user.token)).ltd).toBe(3);
    expect(ledgerSum(await ledgerOf(user.token), 'generation_refund')).toBe(1);
  });
});
