// Cost guard: every call to the AI provider costs real money (docs/generation.md, "Unit economics"), so each day
// has a cap per account and one for the whole stage. The create path reserves its calls before it debits
// tokens or queues anything; a refusal says why in the user's words and when to come back.
import { RateLimitedError } from '#platform/domain/errors.ts';
import type { Metrics } from '#platform/domain/metrics.ts';
import type { Clock } from '#platform/domain/ports.ts';
import type { ProviderBudgetLimits } from '#platform/domain/provider-limits.ts';

/** The share of the overall cap at which the operator is alarmed (ProviderBudgetUsedPercent >= 80). */
export const PROVIDER_BUDGET_ALARM_PERCENT = 80;

export type BudgetReservation =
  | { outcome: 'reserved'; overallUsed: number }
  | { outcome: 'account-cap-reached' }
  | { outcome: 'overall-cap-reached' };

/** Daily counters kept by the database: a conditional ADD, exact under concurrency. */
export interface ProviderBudgetStore {
  /**
   * Adds `calls` to the day's overall counter and the account's, each only if it stays within its cap;
   * nothing is counted when either is refused.
   */
  reserve(input: {
    userId: string;
    day: string;
    calls: number;
    limits: ProviderBudgetLimits;
    /** Unix seconds after which the counters may be deleted */
    expiresAt: number;
  }): Promise<BudgetReservation>;
  /** Gives calls back (a batch that was refused later, e.g. for lack of tokens). */
  release(input: { userId: string; day: string; calls: number }): Promise<void>;
}

export interface ProviderBudgetDeps {
  store: ProviderBudgetStore;
  clock: Clock;
  metrics: Metrics;
  limits: ProviderBudgetLimits;
}

const DAY = 86_400;
/** The UTC day of a time, as YYYY-MM-DD: the counters' key. */
export const budgetDay = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toISOString().slice(0, 10);

export const ACCOUNT_CAP_MESSAGE = (cap: number) =>
  `You have reached today's limit of ${cap} avatar generations. Please try again tomorrow.`;
export const OVERALL_CAP_MESSAGE =
  'Avatar generation has reached its capacity for today. Please try again tomorrow.';

/**
 * Reserves `calls` provider calls for the user today, or throws RATE_LIMITED (429, Retry-After until the
 * next UTC day). Call it before debiting tokens; call releaseProviderCalls if the batch is then refused.
 */
export async function reserveProviderCalls(
  deps: ProviderBudgetDeps,
  userId: string,
  calls: number,
): Promise<{ day: string }> {
  const now = deps.clock.now();
  const day = budgetDay(now);
  const nextDay = now - (now % DAY) + DAY;
  const result = await deps.store.reserve({
    userId,
    day,
    calls,
    limits: deps.limits,
    expiresAt: nextDay + DAY,
  });
  if (result.outcome === 'reserved') {
    deps.metrics.record('ProviderBudgetUsedPercent', (100 * result.overallUsed) / deps.limits.overallPerDay);
    return { day };
  }
  deps.metrics.record('ProviderCallsRefused', calls);
  throw new RateLimitedError(
    result.outcome === 'account-cap-reached'
      ? ACCOUNT_CAP_MESSAGE(deps.limits.perAccountPerDay)
      : OVERALL_CAP_MESSAGE,
    nextDay - now,
  );
}

export async function releaseProviderCalls(
  deps: Pick<ProviderBudgetDeps, 'store'>,
  userId: string,
  day: string,
  calls: number,
): Promise<void> {
  await deps.store.release({ userId, day, calls });
}
