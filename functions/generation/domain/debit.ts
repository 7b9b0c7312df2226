// How a batch is paid: monthly tokens first (they expire at month-end), then lifetime ones. Each task
// remembers what it took from each pool, so a refund gives back exactly that.

export interface Balance {
  subscription: number;
  ltd: number;
}

interface TaskDebit {
  subscription: number;
  ltd: number;
}

const available = (b: Balance): number => b.subscription + b.ltd;

/** Each task's share, in order, or null when the balance does not cover the total. */
export function splitDebit(costs: readonly number[], balance: Balance): TaskDebit[] | null {
  const total = costs.reduce((a, c) => a + c, 0);
  if (total > available(balance)) return null;
  let monthly = Math.max(0, balance.subscription);
  return costs.map((cost) => {
    const subscription = Math.min(monthly, cost);
    monthly -= subscription;
    return { subscription, ltd: cost - subscription };
  });
}

export const sumDebits = (debits: readonly TaskDebit[]): TaskDebit =>
  debits.reduce((a, d) => ({ subscription: a.subscription + d.subscription, ltd: a.ltd + d.ltd }), {
    subscription: 0,
    ltd: 0,
  });
