// Privacy jobs in tests: following a deletion or an export the stack's own job function runs (through its
// routes), and a harness of its own for a test file that drives the job itself: the real request and job
// code and adapters against the shared stack's table, bucket, mail outbox and Stripe stand-in, on a private
// SQS queue nobody else polls, so a test decides when a run happens, how far it goes, and what time it is.
import { DeleteMessageBatchCommand, type Message, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { JOB_CONFIG, readConfig } from '#platform/config.ts';
import type { Clock, User } from '#platform/domain/ports.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { decodeJobMessage, type JobRef } from '../../functions/privacy/domain/jobs.ts';
import type { PrivacyJobDeps, PrivacyRequestDeps } from '../../functions/privacy/domain/ports.ts';
import { buildPrivacyJobDeps } from '../../functions/privacy/job-wiring.ts';
import { buildPrivacyDeps } from '../../functions/privacy/wiring.ts';
import { LOCAL_PRICE_IDS } from '../../infra/local/stripe/prices.ts';
import { callRoute, stack, stackFunctionEnv } from './api.ts';
import { startTestSqs, type TestQueue, type TestSqs } from './local-sqs.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value, or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms = 20_000,
  what = 'it',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Waits for the stack's job function to finish a deletion; answers its last status. */
export const deletionDone = (id: string) =>
  eventually(
    async () => {
      const res = await callRoute('accountDeletionStatus', { params: { deletionId: id } });
      return res.status === 200 && res.body.state === 'done' ? res.body : undefined;
    },
    // The job runs in the workers' process beside the avatar worker: on a busy machine it waits its turn.
    45_000,
    'the deletion to finish',
  );

/** Waits for the account's latest export to be ready; answers it. */
export const exportReady = (token: string) =>
  eventually(
    async () => {
      const res = await callRoute('latestAccountExport', { token });
      return res.body.export?.state === 'ready' ? res.body.export : undefined;
    },
    45_000,
    'the export to be ready',
  );

/** Every item of the table, whole (a test may scan; no function does). */
export async function wholeTable(): Promise<Record<string, unknown>[]> {
  const db = createDocumentClient(stack().dynamoEndpoint);
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey: start }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  db.destroy();
  return items;
}

export const mentioning = (items: Record<string, unknown>[], ...needles: string[]) =>
  items.filter((i) => needles.some((n) => JSON.stringify(i).includes(n)));

/** A clock a test moves by hand (leases and check times are in seconds). */
export class TestClock implements Clock {
  offset = 0;
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }
}

export interface PrivacyHarness {
  request: PrivacyRequestDeps;
  job: PrivacyJobDeps;
  clock: TestClock;
  queue: TestQueue;
  sqs: TestSqs;
  user(id: string): Promise<User>;
  /** Every job message waiting on the private queue (received and deleted, so each is taken once). */
  takeMessages(): Promise<JobRef[]>;
  stop(): Promise<void>;
}

export async function startPrivacyHarness(): Promise<PrivacyHarness> {
  const s = stack();
  const sqs = await startTestSqs();
  const queue = await sqs.newQueue({ VisibilityTimeout: '30' });
  const config = readConfig(JOB_CONFIG['privacy-jobs'], {
    ...stackFunctionEnv(s),
    STRIPE_SECRET_KEY: s.stripe.secretKey,
    STRIPE_API_URL: s.stripe.url,
    STRIPE_PRICES: JSON.stringify(LOCAL_PRICE_IDS),
    PRIVACY_JOB_QUEUE_URL: queue.url,
    SQS_ENDPOINT: sqs.sqs.endpoint,
  });
  const db = createDocumentClient(s.dynamoEndpoint);
  const s3 = createS3Client(s.s3Endpoint);
  const clock = new TestClock();
  const request = { ...buildPrivacyDeps(config, db, s3), clock };
  const job = { ...(await buildPrivacyJobDeps(config, db, s3)), clock };
  const users = new DynamoUserReader(db, s.tableName);
  return {
    request,
    job,
    clock,
    queue,
    sqs,
    async user(id) {
      const user = await users.getById(id);
      if (!user) throw new Error(`no account ${id}`);
      return user;
    },
    async takeMessages() {
      // Every message waiting, however many: a receive answers at most 10, oldest first, and the queue
      // gathers more than that over the file (the paused runs' hand-overs, and the jobs of files running
      // beside this one that a sweep with the clock moved on sends here). Each is deleted once taken, so none
      // comes back 30 s later ahead of the message a test looks for.
      const taken: Message[] = [];
      for (;;) {
        const res = await sqs.client.send(
          new ReceiveMessageCommand({ QueueUrl: queue.url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
        );
        const messages = res.Messages ?? [];
        if (!messages.length) break;
        taken.push(...messages);
        await sqs.client.send(
          new DeleteMessageBatchCommand({
            QueueUrl: queue.url,
            Entries: messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
          }),
        );
      }
      return taken.flatMap((m) => {
        const job = decodeJobMessage(m.Body ?? '');
        // A team's changed set of choices rides the same queue; these tests follow the privacy jobs.
        return job && job.kind !== 'team-archive' ? [job] : [];
      });
    },
    async stop() {
      db.destroy();
      s3.destroy();
      await sqs.stop();
    },
  };
}
