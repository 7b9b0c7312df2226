// Rate counters in memory, with the rules of functions/platform/dynamodb/rate-limiter.ts: a window starts at
// its first attempt and lasts windowSeconds by the fake clock; `count` attempts are counted together or not
// at all; a refused attempt counts nothing; release never goes below zero nor into a window that ended.
// Each call reads and writes with no await in between, so concurrent hits are decided one after the other,
// as the conditional updates decide them.
import type { Clock, CounterOwner, RateLimiter, RateVerdict } from '#platform/domain/ports.ts';

interface Counter {
  hits: number;
  windowStart: number;
  owner: CounterOwner | null;
}

export class FakeRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  async hit(
    bucket: string,
    key: string,
    limit: number,
    windowSeconds: number,
    owner?: CounterOwner,
    count = 1,
  ): Promise<RateVerdict> {
    if (count > limit) return { allowed: false, retryAfterSeconds: windowSeconds };
    const now = this.clock.now();
    const current = this.running(bucket, key, windowSeconds, now);
    if (!current) {
      this.counters.set(id(bucket, key), { hits: count, windowStart: now, owner: owner ?? null });
      return { allowed: true, retryAfterSeconds: windowSeconds };
    }
    const left = Math.max(1, current.windowStart + windowSeconds - now);
    if (current.hits + count > limit) return { allowed: false, retryAfterSeconds: left };
    current.hits += count;
    return { allowed: true, retryAfterSeconds: left };
  }

  async peek(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const now = this.clock.now();
    const current = this.running(bucket, key, windowSeconds, now);
    if (!current) return { allowed: true, retryAfterSeconds: windowSeconds };
    return {
      allowed: current.hits < limit,
      retryAfterSeconds: Math.max(1, current.windowStart + windowSeconds - now),
    };
  }

  async release(bucket: string, key: string, windowSeconds: number): Promise<void> {
    const current = this.running(bucket, key, windowSeconds, this.clock.now());
    if (current && current.hits > 0) current.hits -= 1;
  }

  /** What a counter holds (for tests): its hits in the window it last started, and whose it is. */
  counter(
    bucket: string,
    key: string,
  ): { hits: number; windowStart: number; owner: CounterOwner | null } | null {
    const c = this.counters.get(id(bucket, key));
    return c ? { ...c } : null;
  }

  /** The counters that name this owner (what deleting an account deletes). */
  ownedBy(owner: CounterOwner): string[] {
    return [...this.counters.entries()]
      .filter(([, c]) => c.owner && JSON.stringify(c.owner) === JSON.stringify(owner))
      .map(([k]) => k);
  }

  private running(bucket: string, key: string, windowSeconds: number, now: number): Counter | null {
    const c = this.counters.get(id(bucket, key));
    return c && c.windowStart > now - windowSeconds ? c : null;
  }
}

const id = (bucket: string, key: string) => `${bucket}#${key}`;
