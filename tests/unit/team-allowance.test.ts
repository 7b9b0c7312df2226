// A member's allowance (functions/teams/domain/allowance.ts): 40 avatars per seat, counted in avatars,
// retries added by an admin, failures and the likeness guarantee given back.
import { describe, expect, it } from 'vitest';
import { TEAM_LIMITS } from '#shared/team-rules.ts';
import {
  allowanceLeft,
  allowanceOfSeat,
  grantRetry,
  refund,
  spend,
} from '../../functions/teams/domain/allowance.ts';

describe("a seat's allowance", () => {
  it('gives 40 avatars', () => {
    expect(TEAM_LIMITS.avatarsPerSeat).toBe(40);
    expect(allowanceLeft(allowanceOfSeat())).toBe(40);
  });

  it('is spent by the avatars a create makes, and refuses a create it does not cover', () => {
    const after = spend(allowanceOfSeat(), 20);
    expect(after && allowanceLeft(after)).toBe(20);
    const all = spend(after as NonNullable<typeof after>, 20);
    expect(all && allowanceLeft(all)).toBe(0);
    expect(spend(all as NonNullable<typeof all>, 1)).toBeNull();
    expect(spend({ total: 40, spent: 39 }, 2)).toBeNull();
    expect(() => spend(allowanceOfSeat(), 0)).toThrow(RangeError);
  });

  it('gets an avatar back from a failed or refunded task, never more than was spent', () => {
    expect(allowanceLeft(refund({ total: 40, spent: 3 }))).toBe(38);
    expect(allowanceLeft(refund({ total: 40, spent: 0 }))).toBe(40);
  });

  it('grows by one with a retry granted', () => {
    const a = grantRetry({ total: 40, spent: 40 });
    expect(allowanceLeft(a)).toBe(1);
    expect(spend(a, 1)).toEqual({ total: 41, spent: 41 });
  });
});
