// The chaos run (npm run chaos): customers spend their whole balance on avatars while a slow, failing
// provider answers and the harness kills -9 the worker's process, the API's process or the whole
// `npm start` (DynamoDB Local and all) at random moments, restarting the stack each time it killed all of
// it. Then it waits for every task to end, within a bound set by the task deadline, and audits the table
// and the bucket (audit.ts). Everything runs as the product runs: real processes, real HTTP, real files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { BUCKETS } from '#shared/table-design.ts';
import { LOCAL_TABLE } from '../../infra/local/stack.ts';
import { LOCAL_TASK_TIMINGS, type TaskTimingProfile } from '../../infra/local/task-timing.ts';
import { TASK_QUEUE } from '../../infra/queue-design.ts';
import type { FakeImageProvider } from '../support/fake-image-provider.ts';
import { NpmStart } from '../support/npm-start-process.ts';
import { type AuditResult, audit } from './audit.ts';
import { type Customer, newCustomer, purchasePlan } from './customers.ts';
import {
  CHAOS_API_KEY,
  PROVIDER_TIMEOUT_SECONDS,
  providerCounts,
  startFlakyProvider,
} from './flaky-provider.ts';
import { KILL_KINDS, type KillKind, killAtRandom, killSchedule } from './kills.ts';
import { seeded } from './random.ts';
import { type ChaosReport, reportOf } from './report.ts';

import { untilQueuesDrain, untilTasksEnd } from './settle.ts';
import { startSpending } from './spending.ts';

export interface ChaosOptions {
  /** kills, each followed by a restart */
  cycles: number;
  /** about this many avatars asked for (the customers are given that many tokens) */
  tasks: number;
  seed: number;
  users?: number;
  kinds?: readonly KillKind[];
  /** avatars asked for per second, all customers together (default 1: what this machine's worker makes) */
  rate?: number;
  /** pause before each kill, uniformly in this range (ms); default: the kills spread over the spending */
  gapMs?: [number, number];
  /** keep the data folder (printed) for a look afterwards */
  keep?: boolean;
  /** echo npm start's output */
  echo?: boolean;
  log?(line: string): void;
  /** Called after the audit, before the stack stops (tests check that the audit notices a loss). */
  inspect?(run: RunContext): Promise<void>;
  /** The provider stand-in (default: startFlakyProvider's mix); the load bench sets its own. */
  provider?(): Promise<FakeImageProvider>;
  /** npm start's task timing (default 'fast': every number small, for the kills) */
  taskTiming?: TaskTimingProfile;
  /** Started once npm start is up, stopped when the tasks have ended (the load bench samples memory). */
  watch?(stack: NpmStart): { stop(): void };
}

export interface RunContext {
  db: ReturnType<typeof createDocumentClient>;
  customers: Customer[];
  audit(): Promise<AuditResult>;
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const TIMING = LOCAL_TASK_TIMINGS[o.taskTiming ?? 'fast'];
  const log = o.log ?? (() => undefined);
  const random = seeded(o.seed);
  const users = o.users ?? Math.max(2, Math.ceil(o.tasks / 42));
  const kinds = o.kinds ?? KILL_KINDS;
  // The customers spend over `span` ms, and the kills fall in it (or after it, with explicit gaps).
  const span = (o.tasks / (o.rate ?? 1)) * 1000;
  const meanGap = span / (o.cycles + 1);
  const [gapMin, gapMax] = o.gapMs ?? [Math.round(meanGap / 2), Math.round((meanGap * 3) / 2)];
  const dataDir = mkdtempSync(join(tmpdir(), 'aivatar-chaos-'));
  const provider = await (o.provider ? o.provider() : startFlakyProvider(seeded(o.seed + 1)));
  const stack = new NpmStart({
    dataDir,
    echo: o.echo ?? false,
    taskTiming: o.taskTiming ?? 'fast',
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      // Each customer signs up from its own address (x-forwarded-for), as a hundred people would: the
      // per-client signup limit counts them apart.
      LOCAL_TRUST_FORWARDED_FOR: 'true',
      OPENAI_API_KEY: CHAOS_API_KEY,
      OPENAI_BASE_URL: provider.baseURL,
      PROVIDER_TIMEOUT_SECONDS: String(PROVIDER_TIMEOUT_SECONDS),
      PROVIDER_MAX_RETRIES: '1',
    },
  });
  try {
    log(`data folder ${dataDir}; starting npm start`);
    const at = await stack.start();
    const watching = o.watch?.(stack);
    const db = createDocumentClient(at.dynamoEndpoint);
    const s3 = createS3Client(at.s3Endpoint);
    const sqs = new SQSClient({
      endpoint: at.sqsEndpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const urls = { apiUrl: at.apiUrl, outboxDir: join(dataDir, 'outbox'), stripeUrl: at.stripeUrl };

    const plan = purchasePlan(o.tasks, users);
    const customers: Customer[] = [];
    for (const [i, buys] of plan.entries()) customers.push(await newCustomer(urls, i, buys));
    const granted = customers.reduce((a, c) => a + c.granted.ltd + c.granted.subscription, 0);
    log(`${customers.length} customers, ${granted} tokens granted; spending starts`);
    const spendStart = Date.now();
    const spending = await startSpending(customers, { apiUrl: at.apiUrl, seed: o.seed, spanMs: span });
    const { kills, lastReadyAt } = await killAtRandom(stack, {
      schedule: killSchedule(random, kinds, o.cycles),
      gapMs: [gapMin, gapMax],
      random,
      since: spendStart,
      log,
    });
    await spending.done;
    log('customers have spent everything; waiting for every task to end');

    // Every task must end within the deadline (plus a sweep) of the later of its creation and the last restart.
    const boundMs =
      (TIMING.deadlineSeconds + 2 * TIMING.sweepSeconds + TIMING.workerTimeoutSeconds) * 1000 + 20_000;
    const settleFrom = Date.now();
    const boundEnd = Math.max(spending.lastCreateAt(), lastReadyAt) + boundMs;
    const pending = await untilTasksEnd(db, customers, boundEnd);
    watching?.stop();
    const settleMs = Date.now() - settleFrom;
    log(
      pending ? `${pending} task(s) still pending past the bound` : `every task ended ${settleMs} ms later`,
    );

    // What is left in the queues is delivered and deleted within a few visibility timeouts.
    const drainEnd =
      Date.now() + (TASK_QUEUE.maxReceiveCount + 1) * TIMING.visibilityTimeoutSeconds * 1000 + 10_000;
    const queuesLeft = await untilQueuesDrain(sqs, at.taskQueueName, drainEnd);

    const result = await audit(db, s3, LOCAL_TABLE, BUCKETS.media, customers);
    await o.inspect?.({ db, customers, audit: () => audit(db, s3, LOCAL_TABLE, BUCKETS.media, customers) });
    db.destroy();
    s3.destroy();
    sqs.destroy();
    return reportOf({
      options: o,
      customers,
      kills,
      provider: providerCounts(provider),
      settleMs,
      boundMs,
      queuesLeft,
      audit: result,
      durationMs: Date.now() - started,
    });
  } catch (e) {
    log(
      `the run failed: ${(e as Error).message}\n--- npm start's last output ---\n${stack.output().slice(-4000)}`,
    );
    throw e;
  } finally {
    await stack.stop().catch(() => undefined);
    await provider.stop();
    if (o.keep) log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
