// Avatar generation figures for `npm run bench`, on a local stack started without its workers:
//   1. POST /aivatar/create_tasks_batch of 10 styles, one request at a time, interleaved with a
//      TransactWriteItems of 13 items (its transaction; paired.ts), then the queue is purged;
//   2. GET /aivatar/user-tasks for an account with 200 finished tasks, the first page and all 200, each
//      interleaved with the Query page it reads;
//   3. the worker's own time per task beyond the provider's and the likeness measure's, with the OpenAI
//      adapter on the fake provider answering after a fixed delay;
//   4. 3 styles from the click to DONE with the local renderer, through the local event source mapping.

import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PurgeQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig, WORKER_CONFIG } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import type { AvatarTask, Style } from '#shared/api-schemas.ts';
import { BUCKETS } from '#shared/table-design.ts';
import type { ImageProvider } from '../../functions/generation/domain/image-provider.ts';
import { SUMMARY_ATTRIBUTES } from '../../functions/generation/dynamodb/task-items.ts';
import { SqsTaskQueue } from '../../functions/generation/sqs/sqs-task-queue.ts';
import { taskWorker } from '../../functions/generation/task-batch.ts';
import { buildWorkerDeps } from '../../functions/generation/worker-wiring.ts';
import { startGenerationWorkers } from '../../infra/local/generation-workers.ts';
import { startEventSourceMapping } from '../../infra/local/sqs/event-source.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { samePersonAgain, selfie } from '../support/face-fixtures.ts';
import { startFakeImageProvider } from '../support/fake-image-provider.ts';
import { createLocalAccount, newClientIp } from '../support/local-account.ts';
import { benchCall as api } from './bench-api.ts';
import type { Budget } from './budgets.ts';
import { queryFloor, transactFloor } from './dynamo-floor.ts';
import {
  apiCall,
  DEFAULT_PAIR_COUNTS,
  describePair,
  type PairCounts,
  type Paired,
  paired,
  pairedBudget,
} from './paired.ts';

export const GENERATION_BUDGETS = {
  /** p99 ratios to the DynamoDB call behind the path, one request at a time (paired.ts) */
  createTenToTransactionRatio: 3,
  userTasksToQueryPageRatio: 2,
  workerOverheadP50Ms: 150,
  clickToDoneMs: 10_000,
} as const;

/** The fake provider's fixed answer time: what the worker's overhead is measured beyond. */
const PROVIDER_DELAY_MS = 300;

const ms = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Two photos of one real person (the upload checks for a face): the `seed`-th fixture person. */
const photos = (person: number) => Promise.all([selfie(person), samePersonAgain(person)]);

/** An account with consent, two photos and `tokens` lifetime tokens. */
export async function creator(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  tokens: number,
  person = 0,
): Promise<string> {
  const token = await createLocalAccount(stack, `bench-gen-${randomUUID().slice(0, 8)}@example.test`);
  await api(stack, 'PUT', '/photos/consent', token, { processing: true, rights: true });
  const form = new FormData();
  for (const [i, bytes] of (await photos(person)).entries())
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `me-${i + 1}.jpg`);
  const up = await fetch(`${stack.apiUrl}/photos/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': newClientIp() },
    body: form,
  });
  if (!up.ok) throw new Error(`upload answered ${up.status}`);
  const kept = ((await up.json()) as { files?: unknown[] }).files?.length;
  if (kept !== 2) throw new Error(`upload kept ${kept} of 2 photos`);
  const sub = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub as string;
  await db.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { pk: `USER#${sub}`, sk: 'PROFILE' },
      UpdateExpression: 'SET tokens_ltd = :t',
      ExpressionAttributeValues: { ':t': tokens },
    }),
  );
  return token;
}

export const createBody = (styles: Style[]) =>
  JSON.stringify({
    styles: styles.map((s) => s.id),
    style_prompts: styles.map((s) => s.prompt),
    use_reference_elements: true,
  });

export interface GenerationFigures {
  create: Paired & { styles: number };
  userTasks: { firstPage: Paired; all: Paired; tasks: number };
  worker: {
    tasks: number;
    providerDelayMs: number;
    /** everything beyond the provider's answer, the likeness measure included */
    beyondProviderP50Ms: number;
    /** the likeness measure: the face model's time on the avatar */
    faceP50Ms: number;
    /** beyond the provider and the likeness measure: the worker's own plumbing */
    overheadP50Ms: number;
    overheadMaxMs: number;
    totalP50Ms: number;
  };
  clickToDone: { styles: number; ms: number };
}

export async function generationBench(
  stack: LocalStack,
  counts: PairCounts = DEFAULT_PAIR_COUNTS,
): Promise<GenerationFigures> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const sqs = new SQSClient({
    endpoint: stack.sqsEndpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { create, userTasks, users, styles } = await createAndListBench(stack, db, sqs, counts);
    const ten = styles.slice(0, 10);

    // 3. The worker's overhead beyond the provider and the likeness measure.
    const worker = await workerOverhead(stack, users[1] as string, ten, sqs);

    // 4. Click to DONE, with the stack's own workers (the local renderer).
    const workers = startGenerationWorkers(stack.sqsEndpoint, stack.taskQueues);
    try {
      const user = await creator(stack, db, 10);
      const started = performance.now();
      const created = await api<{ task_ids: string[] }>(
        stack,
        'POST',
        '/aivatar/create_tasks_batch',
        user,
        JSON.parse(createBody(styles.slice(0, 3))),
      );
      for (;;) {
        const { tasks } = await api<{ tasks: AvatarTask[] }>(stack, 'GET', '/aivatar/user-tasks', user);
        const mine = tasks.filter((t) => created.task_ids.includes(t.id));
        if (mine.every((t) => t.status === 'DONE')) break;
        if (mine.some((t) => t.status === 'ERROR')) throw new Error('a task failed');
        if (performance.now() - started > 60_000) throw new Error('3 styles not done in 60 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      const clickToDone = { styles: 3, ms: Math.round(performance.now() - started) };
      return { create, userTasks, worker, clickToDone };
    } finally {
      await workers.stop();
    }
  } finally {
    db.destroy();
    sqs.destroy();
  }
}

/**
 * Parts 1 and 2 alone: create of 10 styles against its transaction, and the gallery of an account with 200
 * finished tasks against the Query pages it reads.
 */
export async function createAndListBench(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  sqs: SQSClient,
  counts: PairCounts = DEFAULT_PAIR_COUNTS,
): Promise<Pick<GenerationFigures, 'create' | 'userTasks'> & { users: string[]; styles: Style[] }> {
  const users = await Promise.all(Array.from({ length: 10 }, () => creator(stack, db, 100_000)));
  const { styles } = await api<{ styles: Style[] }>(stack, 'GET', '/aivatar/styles', users[0] as string);
  const ten = styles.slice(0, 10);

  // 1. Create, against its transaction of 13 items (account 2, ledger 2, batch 2, 10 tasks; docs/capacity.md);
  // nothing consumes the queue meanwhile.
  const transact13 = await transactFloor(db, stack.tableName, 13);
  const create = {
    ...(await paired('TransactWriteItems of 13', counts, transact13, (i) =>
      apiCall({
        url: `${stack.apiUrl}/aivatar/create_tasks_batch`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${users[i % users.length] as string}`,
          'content-type': 'application/json',
        },
        body: createBody(ten),
      }),
    )),
    styles: ten.length,
  };
  await sqs.send(new PurgeQueueCommand({ QueueUrl: stack.taskQueues.queueUrl }));

  // 2. The gallery of an account with 200 finished tasks.
  const { token: owner, sub, tasks } = await galleryOwner(stack, db, sqs, ten);
  const list = (query: string) => () =>
    apiCall({
      url: `${stack.apiUrl}/aivatar/user-tasks${query}`,
      method: 'GET',
      headers: { authorization: `Bearer ${owner}` },
    });
  // The Query the task store makes for a page (functions/generation/dynamodb/task-store.ts), on the same items.
  const page = (limit: number) =>
    queryFloor(db, stack.tableName, {
      pk: `USER#${sub}`,
      prefix: 'TASK#',
      limit,
      newestFirst: true,
      projection: SUMMARY_ATTRIBUTES,
    });
  const firstPage = await paired('Query page of 50', counts, page(50), list(''));
  const all = await paired('Query page of 200', counts, page(200), list('?limit=200'));

  return { create, userTasks: { firstPage, all, tasks }, users, styles };
}

/**
 * An account with 200 finished tasks (20 creates of 10 `styles`, then each task marked DONE with a result
 * file), the queue purged: the gallery the user-tasks figures read.
 */
export async function galleryOwner(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  sqs: SQSClient,
  styles: Style[],
): Promise<{ token: string; sub: string; tasks: number }> {
  const owner = await creator(stack, db, 1000);
  for (let i = 0; i < 20; i++)
    await api(stack, 'POST', '/aivatar/create_tasks_batch', owner, JSON.parse(createBody(styles)));
  await sqs.send(new PurgeQueueCommand({ QueueUrl: stack.taskQueues.queueUrl }));
  const sub = JSON.parse(Buffer.from(owner.split('.')[1] as string, 'base64url').toString()).sub as string;
  const items = await db.send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :t)',
      ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':t': 'TASK#' },
    }),
  );
  for (const t of items.Items ?? []) {
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: t.pk, sk: t.sk },
        UpdateExpression:
          'SET #s = :done, progress = :p, result_file = :f, render_kind = :k, width = :w, height = :h REMOVE gsi1pk, gsi1sk',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':done': 'DONE',
          ':p': 100,
          ':f': `${t.slug}_${t.id}.jpg`,
          ':k': 'preview-render',
          ':w': 1024,
          ':h': 1536,
        },
      }),
    );
  }
  return { token: owner, sub, tasks: items.Items?.length ?? 0 };
}

/** The worker's settings on the bench's local stack, its provider the fake at `providerUrl`. */
export const benchWorkerConfig = (stack: LocalStack, providerUrl: string) =>
  readConfig(WORKER_CONFIG['avatar-worker'], {
    STAGE: 'bench',
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    MEDIA_BUCKET: BUCKETS.media,
    S3_ENDPOINT: stack.s3Endpoint,
    WEB_URL: stack.webUrl,
    MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
    MAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: stack.outboxDir,
    TASK_QUEUE_URL: stack.taskQueues.queueUrl,
    SQS_ENDPOINT: stack.sqsEndpoint,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: providerUrl,
  });

/**
 * A private queue, the real worker with the OpenAI adapter on the fake provider: time per task minus the
 * provider's, and minus what the likeness measure adds.
 */
async function workerOverhead(stack: LocalStack, token: string, styles: Style[], sqs: SQSClient) {
  const provider = await startFakeImageProvider('sk-bench');
  const config = benchWorkerConfig(stack, provider.baseURL);
  const db = createDocumentClient(config.dynamodbEndpoint);
  const s3 = createS3Client(config.s3Endpoint);
  const deps = await buildWorkerDeps(config, db, s3);
  // The likeness measure (the face model on each avatar) has its own budget (likeness.ts): its time is
  // taken out of the worker's overhead, so each figure answers for one thing. It runs beside the storing of
  // the image and its thumbnail, but on the same thread: measured here, the storing waits as long as the
  // model runs (550 to 730 ms against 530 to 680 ms), so the model's whole time is what it costs the task.
  const providerMs: number[] = [];
  let faceMs = 0;
  const timed = async <T>(work: () => Promise<T>, took: (ms: number) => void): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      took(performance.now() - t);
    }
  };
  const timedProvider: ImageProvider = {
    name: deps.provider.name,
    generate: (request) =>
      timed(
        () => deps.provider.generate(request),
        (ms) => providerMs.push(ms),
      ),
    edit: (request) =>
      timed(
        () => deps.provider.edit(request),
        (ms) => providerMs.push(ms),
      ),
  };
  const faces: typeof deps.faces = {
    analyse: (input, options) =>
      timed(
        () => deps.faces.analyse(input, options),
        (ms) => (faceMs += ms),
      ),
  };
  const handler = taskWorker(
    { ...deps, provider: timedProvider, faces },
    new SqsTaskQueue(sqs, stack.taskQueues.queueUrl),
  );
  const totals: number[] = [];
  const faceTimes: number[] = [];
  const mapping = startEventSourceMapping({
    client: sqs,
    queueUrl: stack.taskQueues.queueUrl,
    queueArn: stack.taskQueues.queueArn,
    // One task per invocation, so each one's time is its own.
    loadHandler: async () => async (event, context) => {
      const t = performance.now();
      faceMs = 0;
      const result = await handler(event, context);
      totals.push(performance.now() - t);
      faceTimes.push(faceMs);
      return result;
    },
    functionName: 'avatar-worker-bench',
    batchSize: 1,
    maximumConcurrency: 1,
    functionTimeoutSeconds: 60,
  });
  provider.script(...Array.from({ length: 40 }, () => ({ kind: 'ok' as const, delayMs: PROVIDER_DELAY_MS })));
  try {
    const runs = 3;
    for (let i = 0; i < runs; i++)
      await api(stack, 'POST', '/aivatar/create_tasks_batch', token, JSON.parse(createBody(styles)));
    const deadline = Date.now() + 120_000;
    while (totals.length < runs * styles.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // The first two warm the clients and the model up.
    const beyondProvider = totals.map((t, i) => t - (providerMs[i] ?? 0)).slice(2);
    const overheads = beyondProvider.map((t, i) => t - (faceTimes[i + 2] ?? 0));
    return {
      tasks: totals.length,
      providerDelayMs: PROVIDER_DELAY_MS,
      beyondProviderP50Ms: ms(median(beyondProvider)),
      faceP50Ms: ms(median(faceTimes.slice(2))),
      overheadP50Ms: ms(median(overheads)),
      overheadMaxMs: ms(Math.max(...overheads)),
      totalP50Ms: ms(median(totals)),
    };
  } finally {
    await mapping.stop();
    await provider.stop();
    db.destroy();
    s3.destroy();
  }
}

/** The budgets on the API's own paths in `npm run bench`, against their DynamoDB call alone. */
export const apiPathBudgets = (g: Pick<GenerationFigures, 'create' | 'userTasks'>): Budget[] => [
  pairedBudget(
    `POST create_tasks_batch (${g.create.styles} styles)`,
    g.create,
    GENERATION_BUDGETS.createTenToTransactionRatio,
  ),
  pairedBudget(
    `GET /aivatar/user-tasks first page (${g.userTasks.tasks} tasks)`,
    g.userTasks.firstPage,
    GENERATION_BUDGETS.userTasksToQueryPageRatio,
  ),
  pairedBudget(
    'GET /aivatar/user-tasks?limit=200',
    g.userTasks.all,
    GENERATION_BUDGETS.userTasksToQueryPageRatio,
  ),
];

export const generationBudgets = (g: GenerationFigures): Budget[] => [
  ...apiPathBudgets(g),
  {
    name: 'worker overhead beyond the provider and the likeness measure p50',
    value: g.worker.overheadP50Ms,
    unit: 'ms',
    limit: GENERATION_BUDGETS.workerOverheadP50Ms,
  },
  {
    name: '3 styles, click to DONE',
    value: g.clickToDone.ms,
    unit: 'ms',
    limit: GENERATION_BUDGETS.clickToDoneMs,
  },
];

export function printGeneration(g: GenerationFigures): void {
  console.log('\nAvatars, one request at a time, interleaved with the DynamoDB Local call behind each');
  console.log(`  ${describePair(`POST create_tasks_batch (${g.create.styles} styles)`, g.create)}`);
  console.log(
    `  ${describePair(`GET /aivatar/user-tasks first page (${g.userTasks.tasks} tasks)`, g.userTasks.firstPage)}`,
  );
  console.log(`  ${describePair('GET /aivatar/user-tasks?limit=200', g.userTasks.all)}`);
  const w = g.worker;
  console.log(
    `  worker beyond a ${w.providerDelayMs} ms provider p50 ${w.beyondProviderP50Ms} ms, of which the likeness measure's face model ` +
      `p50 ${w.faceP50Ms} ms and the rest p50 ${w.overheadP50Ms} ms (max ${w.overheadMaxMs}, ${w.tasks} tasks); ` +
      `${g.clickToDone.styles} styles click to DONE ${g.clickToDone.ms} ms`,
  );
}
