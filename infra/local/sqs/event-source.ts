// What Lambda's SQS event source mapping does, for a worker handler running in this process: pollers
// long-poll the queue, gather a batch (batch size, batching window), invoke the handler with an SQSEvent,
// and delete what succeeded. With ReportBatchItemFailures the messages named in `batchItemFailures` stay
// in the queue (they come back after the visibility timeout and go to the dead-letter queue after
// `maxReceiveCount` receives); an invalid report, a thrown error or a timeout returns the whole batch.
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from '../lambda-context.ts';

export type SqsWorkerHandler = (event: SQSEvent, context: Context) => Promise<unknown>;

export interface EventSourceOptions {
  /** A real SQS client pointed at the queue's endpoint: the mapping uses the same API as Lambda's pollers. */
  client: SQSClient;
  queueUrl: string;
  queueArn: string;
  /** Loads the worker's handler; called once, on the first batch (like a cold start). */
  loadHandler(): Promise<SqsWorkerHandler>;
  functionName: string;
  region?: string;
  /** 1 to 10,000; above 10 needs a batching window, as in Lambda. Default 10. */
  batchSize?: number;
  /** 0 to 300 seconds. Default 0: invoke as soon as a receive returns messages. */
  maximumBatchingWindowSeconds?: number;
  /** Lambda's FunctionResponseTypes: ['ReportBatchItemFailures']. Default true. */
  reportBatchItemFailures?: boolean;
  /** The function's timeout; a batch still running then counts as failed. Default 30. */
  functionTimeoutSeconds?: number;
  /** Batches in flight at once (the mapping's maximum concurrency; Lambda's minimum is 2). Default 2. */
  maximumConcurrency?: number;
  /** Called after each batch with what happened to it (tests and logs). */
  onBatch?(outcome: BatchOutcome): void;
}

export interface BatchOutcome {
  messageIds: string[];
  deleted: string[];
  /** left in the queue: they come back after the visibility timeout */
  returned: string[];
  /** why the whole batch was returned */
  error?: unknown;
}

export interface EventSourceMapping {
  stop(): Promise<void>;
}

/** What Lambda would put in the function's logs; quiet where the tests silence logging. */
const logLocally = (message: string, error: unknown) => {
  if (process.env.LOG_LEVEL !== 'silent') console.error(`[local sqs] ${message}`, error);
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

function toRecord(m: Message, queueArn: string, region: string): SQSRecord {
  const attributes = m.Attributes ?? {};
  const messageAttributes: SQSRecord['messageAttributes'] = {};
  for (const [name, v] of Object.entries(m.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: v.DataType ?? 'String',
      ...(v.StringValue !== undefined ? { stringValue: v.StringValue } : {}),
      ...(v.BinaryValue !== undefined ? { binaryValue: Buffer.from(v.BinaryValue).toString('base64') } : {}),
      stringListValues: [],
      binaryListValues: [],
    };
  }
  return {
    messageId: m.MessageId ?? '',
    receiptHandle: m.ReceiptHandle ?? '',
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? '',
      SenderId: attributes.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? '',
      ...(attributes.AWSTraceHeader ? { AWSTraceHeader: attributes.AWSTraceHeader } : {}),
      ...(attributes.DeadLetterQueueSourceArn
        ? { DeadLetterQueueSourceArn: attributes.DeadLetterQueueSourceArn }
        : {}),
    },
    messageAttributes,
    md5OfBody: m.MD5OfBody ?? '',
    ...(m.MD5OfMessageAttributes ? { md5OfMessageAttributes: m.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

/**
 * The ids Lambda returns to the queue for a handler's answer, or 'invalid' when the answer names an
 * item that is not in the batch or has no identifier (Lambda then fails the whole batch).
 */
function reportedFailures(result: unknown, batchIds: ReadonlySet<string>): Set<string> | 'invalid' {
  if (result === undefined || result === null) return new Set();
  if (typeof result !== 'object') return 'invalid';
  const list = (result as SQSBatchResponse).batchItemFailures;
  if (list === undefined || list === null) return new Set();
  if (!Array.isArray(list)) return 'invalid';
  const ids = new Set<string>();
  for (const item of list) {
    const id = (item as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || id === '' || !batchIds.has(id)) return 'invalid';
    ids.add(id);
  }
  return ids;
}

export function startEventSourceMapping(o: EventSourceOptions): EventSourceMapping {
  const batchSize = o.batchSize ?? 10;
  const windowMs = (o.maximumBatchingWindowSeconds ?? 0) * 1000;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    throw new Error('batchSize must be an integer from 1 to 10,000');
  }
  if (batchSize > 10 && windowMs < 1000) {
    throw new Error('A batch size above 10 needs a batching window of at least 1 second');
  }
  const region = o.region ?? 'eu-west-1';
  const timeoutMs = (o.functionTimeoutSeconds ?? 30) * 1000;
  const report = o.reportBatchItemFailures ?? true;
  const stopping = new AbortController();
  let handler: Promise<SqsWorkerHandler> | null = null;
  const loadHandler = () => {
    handler ??= o.loadHandler();
    return handler;
  };

  async function gather(): Promise<Message[]> {
    const batch: Message[] = [];
    let windowEnd: number | null = null;
    while (batch.length < batchSize && !stopping.signal.aborted) {
      const left = windowEnd === null ? 20_000 : windowEnd - Date.now();
      if (left <= 0) break;
      const res = await o.client.send(
        new ReceiveMessageCommand({
          QueueUrl: o.queueUrl,
          MaxNumberOfMessages: Math.min(10, batchSize - batch.length),
          WaitTimeSeconds: Math.min(20, Math.ceil(left / 1000)),
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: stopping.signal },
      );
      batch.push(...(res.Messages ?? []));
      if (batch.length && windowMs === 0) break;
      if (batch.length && windowEnd === null) windowEnd = Date.now() + windowMs;
    }
    return batch;
  }

  async function invoke(batch: Message[]): Promise<void> {
    const ids = batch.map((m) => m.MessageId ?? '');
    const event: SQSEvent = { Records: batch.map((m) => toRecord(m, o.queueArn, region)) };
    let error: unknown;
    let failed = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | null = null;
    try {
      const fn = await loadHandler();
      // As in Lambda, the function's time starts once it is loaded (a cold start has a limit of its own).
      const deadline = Date.now() + timeoutMs;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Task timed out after ${timeoutMs / 1000} seconds`)),
          timeoutMs,
        );
      });
      running = fn(event, lambdaContext(o.functionName, { region, deadline }));
      const result = await Promise.race([running, timedOut]);
      if (report) {
        const reported = reportedFailures(result, new Set(ids));
        if (reported === 'invalid') error = new Error('Invalid batchItemFailures in the function response');
        else failed = reported;
      }
    } catch (e) {
      error = e;
    } finally {
      clearTimeout(timer);
    }
    const toDelete = error ? [] : batch.filter((m) => !failed.has(m.MessageId ?? ''));
    for (let i = 0; i < toDelete.length; i += 10) {
      const chunk = toDelete.slice(i, i + 10);
      await o.client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: o.queueUrl,
          Entries: chunk.map((m, j) => ({ Id: String(j), ReceiptHandle: m.ReceiptHandle })),
        }),
      );
    }
    const deleted = new Set(toDelete.map((m) => m.MessageId ?? ''));
    if (error) logLocally(`${o.functionName}: batch of ${batch.length} returned to the queue:`, error);
    o.onBatch?.({
      messageIds: ids,
      deleted: ids.filter((id) => deleted.has(id)),
      returned: ids.filter((id) => !deleted.has(id)),
      ...(error ? { error } : {}),
    });
    // Lambda stops a function at its timeout; here it cannot be stopped, so its slot stays taken until it
    // ends: the mapping never runs more batches at once than its concurrency, however late they run.
    await running?.catch(() => undefined);
  }

  async function poller(): Promise<void> {
    while (!stopping.signal.aborted) {
      try {
        const batch = await gather();
        if (batch.length) await invoke(batch);
      } catch (e) {
        if (stopping.signal.aborted) return;
        logLocally(`${o.functionName}: polling failed, retrying in 1 s:`, e);
        await sleep(1000, stopping.signal);
      }
    }
  }

  const pollers = Array.from({ length: o.maximumConcurrency ?? 2 }, () => poller());
  return {
    async stop() {
      stopping.abort();
      await Promise.all(pollers);
    },
  };
}
