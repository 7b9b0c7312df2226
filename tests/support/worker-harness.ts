// A worker of its own for a test file: the real worker and dead-letter handlers, built from the real
// adapters against the shared stack's table and bucket, on a private SQS queue (short visibility timeout,
// DLQ after 3 receives) driven by the Lambda-like event source, with the OpenAI adapter talking to the fake
// image provider (or, with `localRenderer`, the embedded renderer) and the real face model measuring each
// avatar. Tasks are created by the real create-batch code onto that private queue.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { readConfig, WORKER_CONFIG } from '#platform/config.ts';
import { type BusinessMetric, noMetrics } from '#platform/domain/metrics.ts';
import type { Clock } from '#platform/domain/ports.ts';
import { DEFAULT_PROVIDER_BUDGET } from '#platform/domain/provider-limits.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { domainLog } from '#platform/observability/logger.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import type { StyleChoices } from '#shared/style-choices.ts';
import { deadLetterHandler } from '../../functions/generation/dead-letters.ts';
import { type CreateDeps, createAvatarBatch } from '../../functions/generation/domain/create-batch.ts';
import { type EditBody, editAvatar } from '../../functions/generation/domain/edits.ts';
import { tryTaskAgain } from '../../functions/generation/domain/try-again.ts';
import type { WorkerDeps } from '../../functions/generation/domain/worker.ts';
import { DynamoProviderBudgetStore } from '../../functions/generation/dynamodb/provider-budget-store.ts';
import { DynamoOverdueTasks } from '../../functions/generation/dynamodb/task-deadlines.ts';
import { DynamoTaskStore } from '../../functions/generation/dynamodb/task-store.ts';
import { decodeBrushPng, encodeMaskPng } from '../../functions/generation/images/edit-mask-png.ts';
import { S3EditMaskFiles } from '../../functions/generation/s3/edit-mask-files.ts';
import { SqsTaskQueue } from '../../functions/generation/sqs/sqs-task-queue.ts';
import { taskWorker } from '../../functions/generation/task-batch.ts';
import { buildWorkerDeps } from '../../functions/generation/worker-wiring.ts';
import { DynamoPhotoLister } from '../../functions/photos/dynamodb/photo-items.ts';
import { DynamoStyleReader } from '../../functions/styles/dynamodb/style-reader.ts';
import { DynamoTeamPayers } from '../../functions/teams/dynamodb/team-payers.ts';
import {
  type EventSourceMapping,
  type SqsWorkerHandler,
  startEventSourceMapping,
} from '../../infra/local/sqs/event-source.ts';
import { stack, stackFunctionEnv } from './api.ts';
import { type FakeImageProvider, startFakeImageProvider } from './fake-image-provider.ts';
import { startTestSqs, type TestQueue, type TestSqs } from './local-sqs.ts';

export interface WorkerHarness {
  provider: FakeImageProvider;
  sqs: TestSqs;
  queue: TestQueue;
  deps: WorkerDeps;
  /** Creates a batch for this account onto the harness's queue (or `queue`), as the create route does. */
  create(
    userId: string,
    styleIds: number[],
    o?: { clock?: Clock; queue?: TestQueue; choices?: StyleChoices[] },
  ): Promise<{ task_ids: string[]; batch_id: string }>;
  /** "Try again" of one of this account's tasks onto the harness's queue (or `queue`), as its route does. */
  tryAgain(
    userId: string,
    taskId: string,
    key: string,
    o?: { queue?: TestQueue },
  ): Promise<{ task_ids: string[]; tokens_spent: number }>;
  /** An edit of one of this account's avatars onto the harness's queue, as its route does. */
  edit(
    userId: string,
    taskId: string,
    body: EditBody,
    key?: string | null,
  ): Promise<{ task_id: string; version: number; tokens_left: number }>;
  /** Sends a message body as is (a duplicate, or something that is not ours). */
  send(body: string): Promise<void>;
  /**
   * Resolves once the harness's queue and its dead-letter queue hold nothing (every message handled and
   * deleted) and no delivery is still running: what every delivery did, after the task's DONE too (its
   * metrics, the batch's email), is then done. Polled, instead of a fixed wait.
   */
  settled(timeoutMs?: number): Promise<void>;
  /** the business metrics the worker and the dead-letter handler recorded, in order */
  metrics: [BusinessMetric, number][];
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** the embedded local renderer instead of the OpenAI adapter and the fake provider */
  localRenderer?: boolean;
  /** more worker settings (LIKENESS_GUARANTEE, LOCAL_RENDERER_FACE...) */
  env?: Record<string, string>;
}

export async function startWorkerHarness(o: HarnessOptions = {}): Promise<WorkerHarness> {
  const s = stack();
  const provider = await startFakeImageProvider('sk-test-harness');
  const sqs = await startTestSqs();
  const queue = await sqs.newQueue({ VisibilityTimeout: '1' }, 3);
  const providerSettings = o.localRenderer
    ? {}
    : {
        OPENAI_API_KEY: 'sk-test-harness',
        OPENAI_BASE_URL: provider.baseURL,
        // The adapter's own retries off: a 500 goes back to the queue, as a 500 after them would.
        PROVIDER_MAX_RETRIES: '0',
        PROVIDER_TIMEOUT_SECONDS: '20',
      };
  const config = readConfig(WORKER_CONFIG['avatar-worker'], {
    ...stackFunctionEnv(s),
    TASK_QUEUE_URL: queue.url,
    SQS_ENDPOINT: sqs.sqs.endpoint,
    ...providerSettings,
    ...o.env,
  });
  const db = createDocumentClient(config.dynamodbEndpoint);
  const s3 = createS3Client(config.s3Endpoint);
  const metrics: [BusinessMetric, number][] = [];
  const deps: WorkerDeps = {
    ...(await buildWorkerDeps(config, db, s3)),
    retryDelaySeconds: 0,
    metrics: { record: (name, value = 1) => void metrics.push([name, value]) },
  };
  const visibility = new SqsTaskQueue(sqs.client, queue.url);
  // Deliveries under way. The queue alone cannot say a delivery is over: with its 1 s visibility timeout a
  // message is delivered again while a render runs, and that duplicate (finding the task claimed) deletes it.
  let running = 0;
  const counted =
    (handler: SqsWorkerHandler): SqsWorkerHandler =>
    async (event, context) => {
      running += 1;
      try {
        return await handler(event, context);
      } finally {
        running -= 1;
      }
    };
  const mappings: EventSourceMapping[] = [
    startEventSourceMapping({
      client: sqs.client,
      queueUrl: queue.url,
      queueArn: queue.arn,
      loadHandler: async () => counted(taskWorker(deps, visibility)),
      functionName: 'avatar-worker-test',
      batchSize: 4,
      functionTimeoutSeconds: 30,
    }),
    startEventSourceMapping({
      client: sqs.client,
      queueUrl: queue.dlq?.url as string,
      queueArn: queue.dlq?.arn as string,
      loadHandler: async () => counted(deadLetterHandler(deps)),
      functionName: 'avatar-dead-letter-test',
      batchSize: 10,
    }),
  ];
  const users = new DynamoUserReader(db, s.tableName);
  const styles = new DynamoStyleReader(db, s.tableName);
  const userOf = async (userId: string) => {
    const user = await users.getById(userId);
    if (!user) throw new Error(`no account ${userId}`);
    return user;
  };
  const createDeps = (o: { clock?: Clock; queue?: TestQueue }): CreateDeps => ({
    styles,
    tasks: new DynamoTaskStore(db, s.tableName),
    photos: new DynamoPhotoLister(db, s.tableName),
    queue: new SqsTaskQueue(sqs.client, (o.queue ?? queue).url),
    clock: o.clock ?? systemClock,
    ids: cryptoIds,
    log: domainLog,
    budget: {
      store: new DynamoProviderBudgetStore(db, s.tableName),
      clock: o.clock ?? systemClock,
      metrics: noMetrics,
      limits: DEFAULT_PROVIDER_BUDGET,
    },
    // A team member's create is paid by their team allowance, as the avatars group's wiring does.
    teams: new DynamoTeamPayers(db, s.tableName),
  });
  return {
    metrics,
    provider,
    sqs,
    queue,
    deps,
    async create(userId, styleIds, o = {}) {
      const all = await styles.listAll();
      return createAvatarBatch(
        createDeps(o),
        await userOf(userId),
        {
          styles: styleIds,
          style_prompts: styleIds.map((id) => all.find((x) => x.id === id)?.prompt ?? ''),
          ...(o.choices ? { style_choices: o.choices } : {}),
        },
        null,
      );
    },
    async tryAgain(userId, taskId, key, o = {}) {
      return tryTaskAgain(createDeps(o), await userOf(userId), taskId, {}, key);
    },
    async edit(userId, taskId, body, key = null) {
      return editAvatar(
        {
          ...createDeps({}),
          editMasks: new S3EditMaskFiles(s3, config.mediaBucket),
          editImages: { decodeBrush: decodeBrushPng, encodeMask: encodeMaskPng },
        },
        await userOf(userId),
        taskId,
        body,
        key,
      );
    },
    async send(body) {
      await sqs.client.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: body }));
    },
    async settled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const urls = [queue.url, queue.dlq?.url as string];
      for (;;) {
        const counts = await Promise.all(urls.map((url) => sqs.counts(url)));
        if (running === 0 && counts.every((c) => c.visible + c.inFlight + c.delayed === 0)) return;
        if (Date.now() > deadline)
          throw new Error(`queue not settled: ${JSON.stringify({ counts, running })}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      await Promise.all(mappings.map((m) => m.stop()));
      await sqs.stop();
      await provider.stop();
      db.destroy();
      s3.destroy();
    },
  };
}

export const overdueTasks = () => {
  const s = stack();
  return new DynamoOverdueTasks(createDocumentClient(s.dynamoEndpoint), s.tableName);
};
