// Warm API latency of `npm run bench` through the local API Gateway adapter and DynamoDB Local, each path
// one request at a time against the DynamoDB call behind it, interleaved (paired.ts): GET /user_info
// against a GetItem of the same account, and the Stripe webhook's pack credits and their retries against a
// 5-item TransactWriteItems (webhook-load.ts). Sign-in at concurrency 10 is printed (scrypt's throughput),
// without a budget. Alone, on a stack of its own: `node tests/bench/api-latency.ts -- --rounds 3 --per-round 10`.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../../infra/local/stack.ts';
import { createLocalAccount } from '../support/local-account.ts';
import type { Budget } from './budgets.ts';
import { getItemFloor } from './dynamo-floor.ts';
import {
  apiCall,
  DEFAULT_PAIR_COUNTS,
  describePair,
  type PairCounts,
  type Paired,
  paired,
  pairedBudget,
} from './paired.ts';
import { type LoadResult, runLoad, webhookLatency } from './webhook-load.ts';

/** Budgets on the p99 ratios (docs/capacity.md, "Benchmarks"). */
export const API_RATIO_BUDGETS = { userInfo: 1.6, webhook: 3 } as const;

export interface ApiLatencyFigures {
  userInfo: Paired;
  credits: Paired;
  replays: Paired;
  /** POST /login at concurrency 10: printed only (scrypt's cost, not DynamoDB's) */
  login: LoadResult;
}

/** The account id in a session token (its `sub`). */
export const tokenSub = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).sub as string;

export async function apiLatency(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  counts: PairCounts = DEFAULT_PAIR_COUNTS,
): Promise<ApiLatencyFigures> {
  const { userInfo, users, password } = await userInfoLatency(stack, db, counts);
  const login = await runLoad({
    total: 100,
    concurrency: 10,
    requests: users.map((u, i) => ({
      url: `${stack.apiUrl}/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.0.${i + 1}` },
      body: JSON.stringify({ email: u.email, password }),
    })),
  });
  return { userInfo, ...(await webhookLatency(stack, db, counts)), login };
}

/** GET /user_info of 20 accounts in turn against a GetItem of the same accounts. */
export async function userInfoLatency(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  counts: PairCounts = DEFAULT_PAIR_COUNTS,
): Promise<{ userInfo: Paired; users: { email: string; token: string }[]; password: string }> {
  const password = 'bench password 123';
  const users: { email: string; token: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
    users.push({ email, token: await createLocalAccount(stack, email, { password }) });
  }
  const floors = users.map((u) =>
    getItemFloor(db, stack.tableName, { pk: `USER#${tokenSub(u.token)}`, sk: 'PROFILE' }),
  );
  const userInfo = await paired(
    'GetItem',
    counts,
    (i) => (floors[i % floors.length] as (i: number) => Promise<unknown>)(i),
    (i) =>
      apiCall({
        url: `${stack.apiUrl}/user_info`,
        method: 'GET',
        headers: { authorization: `Bearer ${(users[i % users.length] as { token: string }).token}` },
      }),
  );
  return { userInfo, users, password };
}

export function printApiLatency(f: ApiLatencyFigures): void {
  console.log(
    '\nWarm API latency, one request at a time, interleaved with the DynamoDB Local call behind it',
  );
  console.log(`  ${describePair('GET /user_info', f.userInfo)}`);
  console.log(`  ${describePair('POST /stripe/webhook (credits)', f.credits)}`);
  console.log(`  ${describePair('POST /stripe/webhook (retries)', f.replays)}`);
  const l = f.login;
  console.log(
    `  POST /login at concurrency 10: p50 ${l.p50Ms} ms p99 ${l.p99Ms} ms, ${l.perSecond} req/s (${l.requests} requests, ${l.failures} failed)`,
  );
}

export const apiLatencyBudgets = (f: ApiLatencyFigures): Budget[] => [
  pairedBudget('GET /user_info', f.userInfo, API_RATIO_BUDGETS.userInfo),
  pairedBudget('POST /stripe/webhook (credits)', f.credits, API_RATIO_BUDGETS.webhook),
  pairedBudget('POST /stripe/webhook (retries)', f.replays, API_RATIO_BUDGETS.webhook),
];

/** `--rounds`, `--per-round`, `--warm-rounds`: the pair counts of the latency benches (paired.ts). */
export const pairCountOptions = {
  rounds: { type: 'string', default: String(DEFAULT_PAIR_COUNTS.rounds) },
  'per-round': { type: 'string', default: String(DEFAULT_PAIR_COUNTS.perRound) },
  'warm-rounds': { type: 'string', default: String(DEFAULT_PAIR_COUNTS.warmRounds) },
} as const;

export const pairCounts = (v: {
  rounds?: string;
  'per-round'?: string;
  'warm-rounds'?: string;
}): PairCounts => ({
  rounds: Number(v.rounds ?? DEFAULT_PAIR_COUNTS.rounds),
  perRound: Number(v['per-round'] ?? DEFAULT_PAIR_COUNTS.perRound),
  warmRounds: Number(v['warm-rounds'] ?? DEFAULT_PAIR_COUNTS.warmRounds),
});

if (import.meta.main) {
  await import('./quiet-logs.ts');
  const { values } = parseArgs({ options: pairCountOptions, allowPositionals: true });
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const { createDocumentClient } = await import('#platform/dynamodb/client.ts');
  const { reportBudgets } = await import('./budgets.ts');
  const stack = await startLocalStack({ trustForwardedFor: true, generationWorkers: false });
  try {
    const figures = await apiLatency(stack, createDocumentClient(stack.dynamoEndpoint), pairCounts(values));
    printApiLatency(figures);
    process.exitCode = reportBudgets(apiLatencyBudgets(figures));
  } finally {
    await stack.stop();
  }
}
