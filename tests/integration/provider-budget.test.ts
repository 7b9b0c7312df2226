// Cost guard: the daily caps on AI provider calls, per account and for the stage, kept by DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '#platform/domain/errors.ts';
import type { BusinessMetric } from '#platform/domain/metrics.ts';
import type { ProviderBudgetLimits } from '#platform/domain/provider-limits.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import {
  ACCOUNT_CAP_MESSAGE,
  OVERALL_CAP_MESSAGE,
  releaseProviderCalls,
  reserveProviderCalls,
} from '../../functions/generation/domain/provider-budget.ts';
import { DynamoProviderBudgetStore } from '../../functions/generation/dynamodb/provider-budget-store.ts';
import { stack } from '../support/api.ts';

/** A day of its own per test (the stage's counter is per day), at 18:00 UTC. */
let nextDay = 30_000 + Math.floor(Math.random() * 10_000) * 10;
function budgetAt(limits: ProviderBudgetLimits) {
  const s = stack();
  const recorded: [BusinessMetric, number][] = [];
  nextDay += 1;
  const deps = {
    store: new DynamoProviderBudgetStore(createDocumentClient(s.dynamoEndpoint), s.tableName),
    clock: { now: () => nextDay * 86_400 + 18 * 3600 },
    metrics: { record: (name: BusinessMetric, value = 1) => void recorded.push([name, value]) },
    limits,
  };
  return { deps, recorded };
}

const refusal = async (p: Promise<unknown>): Promise<RateLimitedError> => {
  const e = await p.then(
    () => null,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(RateLimitedError);
  return e as RateLimitedError;
};

describe('daily cap on provider calls', () => {
  it('refuses an account past its own cap with the cap in the message, until the next UTC day', async () => {
    const { deps, recorded } = budgetAt({ perAccountPerDay: 5, overallPerDay: 100 });
    const user = randomUUID();
    await reserveProviderCalls(deps, user, 3);
    await reserveProviderCalls(deps, user, 2);
    const e = await refusal(reserveProviderCalls(deps, user, 1));
    expect(e.message).toBe(ACCOUNT_CAP_MESSAGE(5));
    expect(e.message).toBe(
      "You have reached today's limit of 5 avatar generations. Please try again tomorrow.",
    );
    expect(e.retryAfterSeconds).toBe(6 * 3600);
    // Another account still has its own allowance.
    await reserveProviderCalls(deps, randomUUID(), 5);
    expect(recorded).toContainEqual(['ProviderCallsRefused', 1]);
  });

  it('refuses everyone once the stage cap is reached, and reports the share used for the 80% alarm', async () => {
    const { deps, recorded } = budgetAt({ perAccountPerDay: 50, overallPerDay: 10 });
    await reserveProviderCalls(deps, randomUUID(), 4);
    await reserveProviderCalls(deps, randomUUID(), 4);
    const e = await refusal(reserveProviderCalls(deps, randomUUID(), 3));
    expect(e.message).toBe(OVERALL_CAP_MESSAGE);
    await reserveProviderCalls(deps, randomUUID(), 2);
    const used = recorded.filter(([n]) => n === 'ProviderBudgetUsedPercent').map(([, v]) => v);
    expect(used).toEqual([40, 80, 100]);
  });

  it('a refused reservation counts nothing, and released calls can be used again', async () => {
    const { deps } = budgetAt({ perAccountPerDay: 4, overallPerDay: 6 });
    const user = randomUUID();
    await reserveProviderCalls(deps, randomUUID(), 4);
    // The account has room, the stage does not: neither counter moves.
    await refusal(reserveProviderCalls(deps, user, 3));
    const { day } = await reserveProviderCalls(deps, user, 2);
    await refusal(reserveProviderCalls(deps, user, 1));
    await releaseProviderCalls(deps, user, day, 2);
    await reserveProviderCalls(deps, user, 2);
  });

  it('many accounts at once are all counted, none turned away for meeting on the stage counter', async () => {
    // Every batch adds to the one stage counter: writes that meet there queue, none is refused for it.
    const { deps, recorded } = budgetAt({ perAccountPerDay: 50, overallPerDay: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => reserveProviderCalls(deps, randomUUID(), 2)),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    const used = recorded.filter(([n]) => n === 'ProviderBudgetUsedPercent').map(([, v]) => v);
    // Each reservation reports the counter as its own write left it: 2, 4, ... 80 calls of 1,000.
    expect(Math.max(...used)).toBe(8);
    expect(new Set(used).size).toBe(40);
  });

  it('concurrent batches never pass the cap together', async () => {
    const { deps } = budgetAt({ perAccountPerDay: 100, overallPerDay: 20 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => reserveProviderCalls(deps, randomUUID(), 3)),
    );
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    expect(granted).toBe(6);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RateLimitedError);
  });
});
