// The local stand-in for Lambda's SQS event source mapping: what a worker handler sees and what happens to
// each message after the handler answers, as Lambda does it with ReportBatchItemFailures.
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BatchOutcome,
  type EventSourceMapping,
  type EventSourceOptions,
  startEventSourceMapping,
} from '../../infra/local/sqs/event-source.ts';
import { startTestSqs, type TestQueue, type TestSqs } from '../support/local-sqs.ts';

let t: TestSqs;
const mappings: EventSourceMapping[] = [];
beforeAll(async () => {
  t = await startTestSqs();
});
afterEach(async () => {
  await Promise.all(mappings.splice(0).map((m) => m.stop()));
});
afterAll(() => t.stop());

type Handler = (event: SQSEvent) => Promise<unknown>;

/** Starts a mapping on `queue`; returns the batches it delivered and a way to wait for outcomes. */
function map(queue: TestQueue, handler: Handler, options: Partial<EventSourceOptions> = {}) {
  const outcomes: BatchOutcome[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const mapping = startEventSourceMapping({
    client: t.client,
    queueUrl: queue.url,
    queueArn: queue.arn,
    functionName: 'test-worker',
    loadHandler: async () => handler,
    maximumConcurrency: 1,
    ...options,
    onBatch: (o) => {
      outcomes.push(o);
      for (const w of waiters.filter((x) => outcomes.length >= x.count)) w.resolve();
    },
  });
  mappings.push(mapping);
  return {
    outcomes,
    untilBatches: (count: number, ms = 8000) =>
      new Promise<void>((resolve, reject) => {
        if (outcomes.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`only ${outcomes.length} of ${count} batches`)), ms);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
  };
}

const send = (queue: TestQueue, bodies: string[]) =>
  t.client.send(
    new SendMessageBatchCommand({
      QueueUrl: queue.url,
      Entries: bodies.map((MessageBody, i) => ({
        Id: String(i),
        MessageBody,
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'avatar-task' } },
      })),
    }),
  );

describe('the local SQS event source mapping', () => {
  it('delivers SQSEvent records up to the batch size and deletes them when the handler succeeds', async () => {
    const q = await t.newQueue();
    await send(q, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    const seen: SQSRecord[][] = [];
    const m = map(
      q,
      async (event) => {
        seen.push(event.Records);
      },
      { batchSize: 5 },
    );
    await m.untilBatches(2);
    expect(seen.map((b) => b.length).sort()).toEqual([2, 5]);
    const record = seen[0]?.[0] as SQSRecord;
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: q.arn,
      awsRegion: 'eu-west-1',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { kind: { dataType: 'String', stringValue: 'avatar-task' } },
    });
    expect(record.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.receiptHandle).toBeTruthy();
    expect(record.md5OfBody).toMatch(/^[0-9a-f]{32}$/);
    expect(
      seen
        .flat()
        .map((r) => r.body)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(m.outcomes.flatMap((o) => o.returned)).toEqual([]);
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('gathers messages for the batching window before invoking', async () => {
    const q = await t.newQueue();
    const sizes: number[] = [];
    const m = map(
      q,
      async (event) => {
        sizes.push(event.Records.length);
      },
      { batchSize: 10, maximumBatchingWindowSeconds: 1 },
    );
    for (const body of ['one', 'two', 'three']) {
      await t.client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: body }));
      await new Promise((r) => setTimeout(r, 150));
    }
    await m.untilBatches(1);
    expect(sizes).toEqual([3]);
  });

  it('returns only the messages named in batchItemFailures; they come back after the visibility timeout', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '1' });
    await send(q, ['ok-1', 'fail', 'ok-2']);
    const receives: Record<string, string[]> = {};
    const m = map(q, async (event) => {
      for (const r of event.Records) {
        receives[r.body] = [...(receives[r.body] ?? []), r.attributes.ApproximateReceiveCount];
      }
      const failing = event.Records.filter(
        (r) => r.body === 'fail' && r.attributes.ApproximateReceiveCount === '1',
      );
      return { batchItemFailures: failing.map((r) => ({ itemIdentifier: r.messageId })) };
    });
    await m.untilBatches(2);
    expect(m.outcomes[0]?.deleted).toHaveLength(2);
    expect(m.outcomes[0]?.returned).toHaveLength(1);
    expect(receives).toEqual({ 'ok-1': ['1'], 'ok-2': ['1'], fail: ['1', '2'] });
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('returns the whole batch when the handler throws', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '1' });
    await send(q, ['x', 'y']);
    let calls = 0;
    const m = map(q, async () => {
      calls += 1;
      if (calls === 1) throw new Error('provider down');
    });
    await m.untilBatches(2);
    expect(m.outcomes[0]?.deleted).toEqual([]);
    expect(m.outcomes[0]?.returned).toHaveLength(2);
    expect(String(m.outcomes[0]?.error)).toContain('provider down');
    expect(m.outcomes[1]?.deleted).toHaveLength(2);
  });

  it('treats a report naming an unknown message as a failure of the whole batch', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '30' });
    await send(q, ['p', 'q']);
    const m = map(q, async () => ({ batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] }));
    await m.untilBatches(1);
    expect(m.outcomes[0]?.returned).toHaveLength(2);
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 2, delayed: 0 });
  });

  it('returns a batch that outlives the function timeout', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '30' });
    await send(q, ['slow']);
    const m = map(q, () => new Promise((r) => setTimeout(r, 3000)), { functionTimeoutSeconds: 1 });
    await m.untilBatches(1);
    expect(String(m.outcomes[0]?.error)).toMatch(/timed out after 1 seconds/);
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
  });

  it('keeps a timed-out batch in its slot until the function ends: never more batches at once than its concurrency', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '30' });
    await send(q, ['a', 'b', 'c', 'd', 'e']);
    let running = 0;
    let most = 0;
    const m = map(
      q,
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 1500));
        running -= 1;
      },
      { functionTimeoutSeconds: 1, batchSize: 1, maximumConcurrency: 2 },
    );
    await m.untilBatches(4, 15_000);
    expect(m.outcomes.every((o) => /timed out/.test(String(o.error)))).toBe(true);
    expect(most).toBe(2);
  });

  it('sends a message that keeps failing to the dead-letter queue after maxReceiveCount receives', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '1' }, 3);
    await send(q, ['poison']);
    const counts: string[] = [];
    const m = map(q, async (event) => {
      counts.push(...event.Records.map((r) => r.attributes.ApproximateReceiveCount));
      return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
    });
    await m.untilBatches(3);
    await expect.poll(() => t.counts(q.dlq?.url as string), { timeout: 4000 }).toMatchObject({ visible: 1 });
    expect(counts).toEqual(['1', '2', '3']);
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});
