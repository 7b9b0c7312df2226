// The RateLimiter port's contract (functions/accounts/domain/ports.ts), run against the DynamoDB adapter
// (tests/integration/port-contracts.test.ts) and the fake (tests/domain/port-contracts.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '#platform/domain/ports.ts';
import type { FakeClock } from '../support/fakes/clock.ts';

export interface RateLimiterSubject {
  limiter: RateLimiter;
  /** the clock the limiter reads */
  clock: FakeClock;
}

export function rateLimiterContract(make: () => RateLimiterSubject | Promise<RateLimiterSubject>) {
  describe('RateLimiter contract', () => {
    // A bucket of the test's own: the real table is shared by every test.
    const bucket = () => `contract-${randomUUID()}`;

    it('counts up to the limit in a window, then refuses with the time left in it', async () => {
      const { limiter, clock } = await make();
      const b = bucket();
      for (let i = 0; i < 3; i++) expect((await limiter.hit(b, 'k', 3, 60)).allowed).toBe(true);
      clock.advance(20);
      expect(await limiter.hit(b, 'k', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 40 });
      // Another key has its own count.
      expect((await limiter.hit(b, 'other', 3, 60)).allowed).toBe(true);
    });

    it('starts a window at its first attempt and a new one once it has passed (a refusal counts nothing)', async () => {
      const { limiter, clock } = await make();
      const b = bucket();
      expect(await limiter.hit(b, 'k', 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 60 });
      clock.advance(59);
      expect(await limiter.hit(b, 'k', 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 1 });
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(false);
      clock.advance(1);
      expect(await limiter.hit(b, 'k', 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 60 });
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(false);
    });

    it('counts several attempts together or not at all', async () => {
      const { limiter } = await make();
      const b = bucket();
      expect((await limiter.hit(b, 'k', 5, 60, undefined, 3)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 5, 60, undefined, 3)).allowed).toBe(false);
      expect((await limiter.hit(b, 'k', 5, 60, undefined, 2)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 5, 60)).allowed).toBe(false);
      // More than the limit at once: refused for a whole window, whatever is counted.
      expect(await limiter.hit(b, 'fresh', 5, 60, undefined, 6)).toEqual({
        allowed: false,
        retryAfterSeconds: 60,
      });
      expect((await limiter.hit(b, 'fresh', 5, 60, undefined, 5)).allowed).toBe(true);
    });

    it('peeks without counting, and says when a full window ends', async () => {
      const { limiter, clock } = await make();
      const b = bucket();
      expect(await limiter.peek(b, 'k', 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 60 });
      await limiter.hit(b, 'k', 2, 60, { email: 'ada@example.test' });
      for (let i = 0; i < 5; i++) expect((await limiter.peek(b, 'k', 2, 60)).allowed).toBe(true);
      await limiter.hit(b, 'k', 2, 60);
      clock.advance(15);
      expect(await limiter.peek(b, 'k', 2, 60)).toEqual({ allowed: false, retryAfterSeconds: 45 });
      clock.advance(45);
      expect((await limiter.peek(b, 'k', 2, 60)).allowed).toBe(true);
    });

    it('gives back one attempt of the running window, never below zero, nothing once it ended', async () => {
      const { limiter, clock } = await make();
      const b = bucket();
      await limiter.release(b, 'k', 60);
      await limiter.hit(b, 'k', 2, 60);
      await limiter.hit(b, 'k', 2, 60);
      await limiter.release(b, 'k', 60);
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(false);
      await limiter.release(b, 'k', 60);
      await limiter.release(b, 'k', 60);
      await limiter.release(b, 'k', 60);
      // Zero counted, not below: exactly two more fit.
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 2, 60)).allowed).toBe(false);
      clock.advance(60);
      await limiter.release(b, 'k', 60);
      expect((await limiter.hit(b, 'k', 1, 60)).allowed).toBe(true);
      expect((await limiter.hit(b, 'k', 1, 60)).allowed).toBe(false);
    });

    it('never lets concurrent attempts past the limit', async () => {
      const { limiter } = await make();
      const b = bucket();
      const verdicts = await Promise.all(
        Array.from({ length: 12 }, () => limiter.hit(b, 'k', 5, 60, { userId: 'u1' })),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    });
  });
}
