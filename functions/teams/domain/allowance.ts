// A member's allowance (docs/product.md, "Teams"): each seat gives its member TEAM_LIMITS.avatarsPerSeat
// avatars, counted in avatars (one per task, whatever the style's token price), plus the retries an admin
// granted. Spent by a create, given back by a failed task and by the likeness guarantee (once per task:
// the task's own condition holds the refund, functions/generation/dynamodb/task-money.ts).
import { TEAM_LIMITS } from '#shared/team-rules.ts';

interface Allowance {
  /** what the seat gave plus the retries granted */
  total: number;
  /** avatars created from it, less those given back */
  spent: number;
}

export const allowanceOfSeat = (): Allowance => ({ total: TEAM_LIMITS.avatarsPerSeat, spent: 0 });

export const allowanceLeft = (a: Allowance): number => Math.max(0, a.total - a.spent);

/** What is left after creating `avatars`, or null when the allowance does not cover them. */
export function spend(a: Allowance, avatars: number): Allowance | null {
  if (!Number.isInteger(avatars) || avatars < 1) throw new RangeError('A create makes at least one avatar');
  return avatars <= allowanceLeft(a) ? { ...a, spent: a.spent + avatars } : null;
}

/** A task that failed or that the likeness guarantee refunded gives its avatar back (never below zero). */
export const refund = (a: Allowance, avatars = 1): Allowance => ({
  ...a,
  spent: Math.max(0, a.spent - avatars),
});

/** An admin's "grant one extra retry": one more avatar on the member's allowance. */
export const grantRetry = (a: Allowance, retries = 1): Allowance => ({ ...a, total: a.total + retries });
