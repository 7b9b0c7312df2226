// The rate limits' words and ceilings (functions/accounts/domain/rate-limits.ts) against the in-memory limiter:
// how long to wait, in each language, and a ceiling that refuses without counting.
import { describe, expect, it } from 'vitest';
import {
  countTowards,
  emailAndClient,
  enforceCeiling,
  enforceLimits,
  tooManyLinkEmails,
} from '../../functions/accounts/domain/rate-limits.ts';
import { FakeClock, FakeRateLimiter } from '../support/fakes/index.ts';

describe('rate limits', () => {
  it('say how long until the next link email, in seconds or minutes, in English and French', () => {
    expect(tooManyLinkEmails('en')(42)).toBe(
      'Too many emails asked for this address in a short time. You can ask for another in 42 seconds.',
    );
    expect(tooManyLinkEmails('en')(60)).toBe(
      'Too many emails asked for this address in a short time. You can ask for another in 1 minute.',
    );
    expect(tooManyLinkEmails('en')(61)).toBe(
      'Too many emails asked for this address in a short time. You can ask for another in 2 minutes.',
    );
    expect(tooManyLinkEmails('fr')(42)).toBe(
      "Trop d'e-mails demandés en peu de temps pour cette adresse. Vous pourrez en redemander un dans 42 s.",
    );
    expect(tooManyLinkEmails('fr')(600)).toBe(
      "Trop d'e-mails demandés en peu de temps pour cette adresse. Vous pourrez en redemander un dans 10 min.",
    );
  });

  it('refuses at a full ceiling without counting, and stops at the first refused check', async () => {
    const limiter = new FakeRateLimiter(new FakeClock(1_000_000));
    const check = {
      scope: 'email' as const,
      key: emailAndClient('a@x.test', '1.2.3.4'),
      rule: { limit: 2, windowSeconds: 60 },
    };
    // Looking at a ceiling counts nothing: two looks, one count, and it still has room.
    await enforceCeiling(limiter, 'login', check);
    await enforceCeiling(limiter, 'login', check);
    await countTowards(limiter, 'login', check);
    await enforceCeiling(limiter, 'login', check);
    await countTowards(limiter, 'login', check);
    await expect(enforceCeiling(limiter, 'login', check)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    const other = { scope: 'client' as const, key: '1.2.3.4', rule: { limit: 5, windowSeconds: 60 } };
    await expect(
      enforceLimits(limiter, 'login', [{ ...check, key: 'b@x.test 1.2.3.4' }, other]),
    ).resolves.toBeUndefined();
    const full = { ...check, scope: 'email-client' as const, rule: { limit: 0, windowSeconds: 60 } };
    await expect(enforceLimits(limiter, 'login', [full, other], (s) => `wait ${s}`)).rejects.toMatchObject({
      message: 'wait 60',
    });
    // The refused request did not count against the address: one attempt there, not two.
    expect((await limiter.peek('login:client', '1.2.3.4', 2, 60)).allowed).toBe(true);
  });
});
