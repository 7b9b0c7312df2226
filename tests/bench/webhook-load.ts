// Webhook handling through the local API Gateway adapter and DynamoDB Local, one delivery at a time against
// its transaction's floor (paired.ts): paid checkout sessions (each a credit transaction: event id, session,
// balance, ledger, payment), then the same events again (Stripe's retries: refused by the transaction's
// conditions). No Stripe call is made while measuring: pack events need none, and the events were made
// beforehand. Also `runLoad`: a load at some concurrency from a thread of its own (load-worker.ts).
import { Worker } from 'node:worker_threads';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import type { LocalStack } from '../../infra/local/stack.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { transactFloor } from './dynamo-floor.ts';
import type { LoadJob } from './load-worker.ts';
import { apiCall, type PairCounts, type Paired, paired } from './paired.ts';
import { tenths as ms, percentile as pct } from './stats.ts';

export interface LoadResult {
  requests: number;
  concurrency: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
  const { times, failures, elapsedMs } = await new Promise<{
    times: number[];
    failures: number;
    elapsedMs: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  times.sort((a, b) => a - b);
  return {
    requests: job.total,
    concurrency: job.concurrency,
    failures,
    p50Ms: ms(pct(times, 50)),
    p99Ms: ms(pct(times, 99)),
    perSecond: Math.round(job.total / (elapsedMs / 1000)),
  };
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `users` accounts with `perUser` paid pack sessions each; their checkout.session.completed events, held. */
export async function paidSessions(stack: LocalStack, users: number, perUser: number): Promise<string[][]> {
  const byUser: string[][] = [];
  for (let u = 0; u < users; u++) {
    const email = `bench-pay-${u}-${Date.now().toString(36)}@example.test`;
    const token = await createLocalAccount(stack, email);
    const events: string[] = [];
    for (let i = 0; i < perUser; i++) {
      const { checkout_url } = await json<{ checkout_url: string }>(
        `${stack.apiUrl}/checkout/one-time/pack-10`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'x-forwarded-for': `10.9.${u}.${i + 1}`,
          },
          body: JSON.stringify({ tokens: 10 }),
        },
      );
      const session = /\/c\/pay\/(cs_test_\w+)/.exec(checkout_url)?.[1] as string;
      await json(`${stack.stripe.url}/_local/checkout/${session}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hold: true }),
      });
      const held = await json<{ event: Record<string, unknown> }[]>(
        `${stack.stripe.url}/_local/events?type=checkout.session.completed&customer=${session}`,
        { method: 'GET' },
      );
      events.push(JSON.stringify(held[0]?.event, null, 2));
    }
    byUser.push(events);
  }
  return byUser;
}

/**
 * Pack credits one at a time, interleaved with a 5-item TransactWriteItems (paired.ts): each delivery a new
 * paid session's event (its credit transaction: event id, session, balance, ledger, payment); then the same
 * events again, Stripe's retries, each refused by the transaction's conditions, against the same floor.
 */
/** A webhook delivery of `payload` to the local stack, signed when made (Stripe's signatures last 5 minutes). */
export const signedDelivery = (stack: LocalStack, payload: string) => ({
  url: stack.stripe.webhookUrl,
  method: 'POST',
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stack.stripe.webhookSecret,
    }),
  },
  body: payload,
});

export async function webhookLatency(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  counts: PairCounts,
): Promise<{ credits: Paired; replays: Paired }> {
  const total = (counts.warmRounds + counts.rounds) * counts.perRound;
  const perUser = 5;
  const byUser = await paidSessions(stack, Math.ceil(total / perUser), perUser);
  // Round robin over users: consecutive deliveries credit different accounts, as real traffic mostly does.
  const payloads = Array.from({ length: perUser }, (_, i) => byUser.map((events) => events[i] as string))
    .flat()
    .slice(0, total);
  const sign = (payload: string) => signedDelivery(stack, payload);
  const transact5 = await transactFloor(db, stack.tableName, 5);
  const credits = await paired('TransactWriteItems of 5', counts, transact5, (i) =>
    apiCall(sign(payloads[i] as string)),
  );
  const replays = await paired('TransactWriteItems of 5', counts, transact5, (i) =>
    apiCall(sign(payloads[i] as string)),
  );
  return { credits, replays };
}
