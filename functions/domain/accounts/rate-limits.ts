import { DomainError } from '../errors.ts';
import type { RateLimiter } from '../ports.ts';

export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/** Per email and per client address. The per-email link limits also cap how many emails one address gets. */
export interface RateLimitPolicy {
  signupPerEmail: LimitRule;
  signupPerClient: LimitRule;
  loginPerEmail: LimitRule;
  loginPerClient: LimitRule;
  loginLinkPerEmail: LimitRule;
  loginLinkPerClient: LimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  signupPerEmail: { limit: 3, windowSeconds: 3600 },
  signupPerClient: { limit: 30, windowSeconds: 3600 },
  loginPerEmail: { limit: 10, windowSeconds: 900 },
  loginPerClient: { limit: 100, windowSeconds: 900 },
  loginLinkPerEmail: { limit: 5, windowSeconds: 3600 },
  loginLinkPerClient: { limit: 30, windowSeconds: 3600 },
};

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

export async function enforceLimits(
  limiter: RateLimiter,
  action: 'signup' | 'login' | 'login_link',
  checks: { key: string; scope: 'email' | 'client'; rule: LimitRule }[],
): Promise<void> {
  for (const { key, scope, rule } of checks) {
    const allowed = await limiter.hit(`${action}:${scope}`, key, rule.limit, rule.windowSeconds);
    if (!allowed) throw new DomainError('RATE_LIMITED', TOO_MANY);
  }
}
