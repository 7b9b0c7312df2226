// The chaos run (npm run chaos): customers spend their whole balance on avatars while a slow, failing
// provider answers and the harness kills -9 the worker's process, the API's process or the whole
// `npm start` (DynamoDB Local and all) at random moments, restarting the stack each time it killed all of
// it. Then it waits for every task to end, within a bound set by the task deadline, and audits the table
// and the bucket (audit.ts). Everything runs as the product runs: real processes, real HTTP, real files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { createS3Client } from '../../functions/adapters/s3/client.ts';
import { SIGNUP_BONUS_TOKENS } from '../../functions/domain/accounts/signup-bonus.ts';
import { LOCAL_TABLE } from '../../infra/local/stack.ts';
import { LOCAL_TASK_TIMINGS } from '../../infra/local/task-timing.ts';
import { TASK_QUEUE } from '../../infra/queue-design.ts';
import { apiRoutes } from '../../shared/api-routes.ts';
import { BUCKETS } from '../../shared/table-design.ts';
import { NpmStart } from '../support/npm-start-process.ts';
import { mustCall } from './api-client.ts';
import { type AuditResult, audit, pendingTasks } from './audit.ts';
import { type Customer, newCustomer, type Purchase, type Style, spendEverything } from './customers.ts';
import {
  CHAOS_API_KEY,
  PROVIDER_TIMEOUT_SECONDS,
  providerCounts,
  startFlakyProvider,
} from './flaky-provider.ts';
import { seeded } from './random.ts';

export type KillKind = 'worker' | 'api' | 'stack';
export const KILL_KINDS: readonly KillKind[] = ['worker', 'api', 'stack'];

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
}

export interface RunContext {
  db: ReturnType<typeof createDocumentClient>;
  customers: Customer[];
  audit(): Promise<AuditResult>;
}

export interface Kill {
  kind: KillKind;
  /** ms since the customers started spending */
  at: number;
  /** ms until it served again */
  downMs: number;
}

export interface ChaosReport {
  options: ChaosOptions;
  kills: Kill[];
  customers: { batches: number; tasksAnswered: number; resends: number; unexpected: string[] };
  provider: Record<string, number>;
  /** ms from the end of the spending and the kills until no task was pending */
  settleMs: number;
  boundMs: number;
  queuesLeft: { tasks: number; deadLetters: number };
  audit: AuditResult;
  durationMs: number;
  losses: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TIMING = LOCAL_TASK_TIMINGS.fast;

/** Tokens an avatar costs on average: customers mostly pick one-token styles (customers.ts). */
const TOKENS_PER_TASK = 1.25;

/** What each customer buys so that, with the signup bonus, they can ask for about `tasks` avatars. */
export function purchasePlan(tasks: number, users: number): Purchase[][] {
  const plan: Purchase[][] = [];
  let left = Math.round(tasks * TOKENS_PER_TASK);
  for (let i = 0; i < users; i++) {
    // From 200 tasks on, the first customer subscribes: both pools get spent and refunded.
    const share = i === 0 && tasks >= 200 ? 100 + SIGNUP_BONUS_TOKENS : Math.ceil(left / (users - i));
    let need = share - SIGNUP_BONUS_TOKENS;
    const buys: Purchase[] = [];
    let got = SIGNUP_BONUS_TOKENS;
    if (need >= 100) {
      buys.push('subscription');
      need -= 100;
      got += 100;
    }
    while (need >= 35) {
      buys.push('pack-40');
      need -= 40;
      got += 40;
    }
    while (need >= 5) {
      buys.push('pack-10');
      need -= 10;
      got += 10;
    }
    plan.push(buys);
    left -= got;
  }
  return plan;
}

async function queueDepth(sqs: SQSClient, name: string): Promise<number> {
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name }));
  const { Attributes: a = {} } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }),
  );
  return (
    Number(a.ApproximateNumberOfMessages) +
    Number(a.ApproximateNumberOfMessagesNotVisible) +
    Number(a.ApproximateNumberOfMessagesDelayed)
  );
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const random = seeded(o.seed);
  const users = o.users ?? Math.max(2, Math.ceil(o.tasks / 42));
  const kinds = o.kinds ?? KILL_KINDS;
  // The customers spend over `span` ms, and the kills fall in it (or after it, with explicit gaps).
  const span = (o.tasks / (o.rate ?? 1)) * 1000;
  const meanGap = span / (o.cycles + 1);
  const [gapMin, gapMax] = o.gapMs ?? [Math.round(meanGap / 2), Math.round((meanGap * 3) / 2)];
  const dataDir = mkdtempSync(join(tmpdir(), 'aivatar-chaos-'));
  const provider = await startFlakyProvider(seeded(o.seed + 1));
  const stack = new NpmStart({
    dataDir,
    echo: o.echo ?? false,
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      OPENAI_API_KEY: CHAOS_API_KEY,
      OPENAI_BASE_URL: provider.baseURL,
      PROVIDER_TIMEOUT_SECONDS: String(PROVIDER_TIMEOUT_SECONDS),
      PROVIDER_MAX_RETRIES: '1',
    },
  });
  try {
    log(`data folder ${dataDir}; starting npm start`);
    const at = await stack.start();
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
    const { styles } = await mustCall<{ styles: Style[] }>(at.apiUrl, 'GET', apiRoutes.listStyles.path, {
      token: customers[0]?.token,
    });

    // Spending, paced so creates go on while the kills happen.
    const spendStart = Date.now();
    // A batch is 2.5 styles of 1.25 tokens on average (customers.ts).
    const createsPerCustomer = Math.max(1, Math.ceil(granted / users / (2.5 * TOKENS_PER_TASK)));
    let lastCreateAt = Date.now();
    const spending = Promise.all(
      customers.map((c, i) =>
        spendEverything(c, {
          apiUrl: at.apiUrl,
          styles,
          random: seeded(o.seed * 1000 + i),
          thinkMs: span / createsPerCustomer,
          giveUpMs: 180_000,
          stopped: () => false,
        }).finally(() => {
          lastCreateAt = Date.now();
        }),
      ),
    );

    // The kills: every kind once per round, in a random order.
    const schedule: KillKind[] = [];
    while (schedule.length < o.cycles) schedule.push(...random.shuffle(kinds));
    const kills: Kill[] = [];
    let lastReadyAt = Date.now();
    for (const kind of schedule.slice(0, o.cycles)) {
      await sleep(random.int(gapMin, gapMax));
      const killAt = Date.now();
      if (kind === 'stack') {
        await stack.killAll();
        await sleep(random.int(0, 1500));
        await stack.start();
      } else {
        await stack.killRole(kind === 'worker' ? 'workers' : 'api');
      }
      lastReadyAt = Date.now();
      kills.push({ kind, at: killAt - spendStart, downMs: lastReadyAt - killAt });
      log(
        `killed ${kind === 'stack' ? 'the whole stack' : `the ${kind}`}; serving again after ${lastReadyAt - killAt} ms`,
      );
    }
    await spending;
    log('customers have spent everything; waiting for every task to end');

    // Every task must end within the deadline (plus a sweep) of the later of its creation and the last restart.
    const boundMs =
      (TIMING.deadlineSeconds + 2 * TIMING.sweepSeconds + TIMING.workerTimeoutSeconds) * 1000 + 20_000;
    const settleFrom = Date.now();
    const boundEnd = Math.max(lastCreateAt, lastReadyAt) + boundMs;
    let pending = await pendingTasks(db, LOCAL_TABLE, customers);
    while (pending > 0 && Date.now() < boundEnd) {
      await sleep(500);
      pending = await pendingTasks(db, LOCAL_TABLE, customers);
    }
    const settleMs = Date.now() - settleFrom;
    log(
      pending ? `${pending} task(s) still pending past the bound` : `every task ended ${settleMs} ms later`,
    );

    // What is left in the queues is delivered and deleted within a few visibility timeouts.
    const drainEnd =
      Date.now() + (TASK_QUEUE.maxReceiveCount + 1) * TIMING.visibilityTimeoutSeconds * 1000 + 10_000;
    let queuesLeft = { tasks: 0, deadLetters: 0 };
    for (;;) {
      queuesLeft = {
        tasks: await queueDepth(sqs, at.taskQueueName),
        deadLetters: await queueDepth(sqs, `${at.taskQueueName}-dlq`),
      };
      if ((!queuesLeft.tasks && !queuesLeft.deadLetters) || Date.now() > drainEnd) break;
      await sleep(500);
    }

    const result = await audit(db, s3, LOCAL_TABLE, BUCKETS.media, customers);
    await o.inspect?.({ db, customers, audit: () => audit(db, s3, LOCAL_TABLE, BUCKETS.media, customers) });
    const unexpected = customers.flatMap((c) => c.unexpected.map((u) => `${c.email}: ${u}`));
    const losses = [...result.losses, ...unexpected];
    if (queuesLeft.tasks || queuesLeft.deadLetters)
      losses.push(
        `messages never delivered and deleted: ${queuesLeft.tasks} tasks, ${queuesLeft.deadLetters} dead letters`,
      );
    db.destroy();
    s3.destroy();
    sqs.destroy();
    return {
      options: o,
      kills,
      customers: {
        batches: customers.reduce((a, c) => a + c.batches.length, 0),
        tasksAnswered: customers.reduce((a, c) => a + c.batches.reduce((b, k) => b + k.taskIds.length, 0), 0),
        resends: customers.reduce((a, c) => a + c.resends, 0),
        unexpected,
      },
      provider: providerCounts(provider),
      settleMs,
      boundMs,
      queuesLeft,
      audit: result,
      durationMs: Date.now() - started,
      losses,
    };
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

/** The report, as the command prints it. */
export function formatReport(r: ChaosReport): string {
  const t = r.audit.totals;
  const kills = KILL_KINDS.map((k) => `${r.kills.filter((x) => x.kind === k).length} ${k}`).join(', ');
  const lines = [
    `Chaos run: seed ${r.options.seed}, ${r.options.cycles} kills (${kills}), ${(r.durationMs / 1000).toFixed(0)} s`,
    `  customers   ${t.accounts}, granted ${t.granted} tokens; ${r.customers.batches} batches, ${r.customers.tasksAnswered} tasks answered; ${r.customers.resends} creates sent again after no answer`,
    `  provider    ${Object.entries(r.provider)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}`,
    `  tasks       ${t.tasks}: ${t.done} DONE, ${t.failed} ERROR (${
      Object.entries(t.errorsByCode)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ') || 'none'
    }), ${t.pending} pending`,
    `  tokens      spent on DONE ${t.spentOnDone}, refunded ${t.refunded}, balances ${t.balance} = granted ${t.granted} - ${t.spentOnDone}: ${t.balance === t.granted - t.spentOnDone ? 'yes' : 'NO'}`,
    `  results     ${t.done} stored once each; ${t.orphanResults} made for tasks that had already failed (waste, not loss)`,
    `  settled     ${(r.settleMs / 1000).toFixed(1)} s after the spending and kills ended (bound ${(r.boundMs / 1000).toFixed(0)} s); queues left ${r.queuesLeft.tasks} + ${r.queuesLeft.deadLetters} dead letters`,
    `  kills       ${r.kills.map((k) => `${k.kind}@${(k.at / 1000).toFixed(1)}s (down ${(k.downMs / 1000).toFixed(1)} s)`).join(', ')}`,
    r.losses.length
      ? `  LOSSES      ${r.losses.length}:\n${r.losses.map((l) => `    - ${l}`).join('\n')}`
      : '  losses      none',
  ];
  return lines.join('\n');
}
