// Rate limits on the public sign-in routes. The rule they follow: a limit must never lock out the person it
// protects. So every email-level counter is reached only after the caller's own address passed its limit,
// wrong-password limits are per (email, address), and the per-email ceiling needs many addresses and lasts
// a minute, not an hour. The one per-account count of wrong passwords (functions/accounts/domain/
// password-check.ts) pauses password checks only: login links, Google and open sessions keep working.

import { RateLimitedError } from '#platform/domain/errors.ts';
import type { CounterOwner, RateLimiter } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';

export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitPolicy {
  signupPerClient: LimitRule;
  signupPerEmailClient: LimitRule;
  loginPerClient: LimitRule;
  /** password attempts on one email from one address */
  loginPerEmailClient: LimitRule;
  /** wrong passwords on one email from every address: a short ceiling against distributed guessing */
  loginFailuresPerEmail: LimitRule;
  loginLinkPerClient: LimitRule;
  loginLinkPerEmailClient: LimitRule;
  /** link emails to one mailbox; past it the mailbox already holds a link that still works */
  loginLinkPerEmail: LimitRule;
  /** "Sign in with Google" starts (each stores an attempt for 10 minutes) */
  googleSignInPerClient: LimitRule;
  /** looks at a login link before it is used ("Sign in as …?"): each says whether a token is valid */
  loginLinkPreviewPerClient: LimitRule;
  /** looks at a team's join code before joining (functions/teams/domain/join-preview.ts): each says whether a code is valid */
  joinCodePreviewPerClient: LimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  signupPerClient: { limit: 30, windowSeconds: 3600 },
  signupPerEmailClient: { limit: 3, windowSeconds: 3600 },
  loginPerClient: { limit: 100, windowSeconds: 900 },
  loginPerEmailClient: { limit: 10, windowSeconds: 900 },
  // 20 addresses x 10 attempts: reaching it takes at least 20 distinct addresses, and it lifts within a minute.
  loginFailuresPerEmail: { limit: 200, windowSeconds: 60 },
  loginLinkPerClient: { limit: 30, windowSeconds: 3600 },
  loginLinkPerEmailClient: { limit: 3, windowSeconds: 900 },
  // The window is no longer than a link's life (15 minutes): when it is full, a link sent in it still works.
  loginLinkPerEmail: { limit: 3, windowSeconds: 900 },
  googleSignInPerClient: { limit: 60, windowSeconds: 900 },
  loginLinkPreviewPerClient: { limit: 60, windowSeconds: 900 },
  joinCodePreviewPerClient: { limit: 60, windowSeconds: 900 },
};

type LimitedAction =
  | 'signup'
  | 'login'
  | 'login_link'
  | 'google_sign_in'
  | 'login_link_preview'
  | 'join_code_preview';

interface LimitCheck {
  scope: 'client' | 'email-client' | 'email' | 'email-failures';
  key: string;
  rule: LimitRule;
  /** the email a counter keyed by it belongs to */
  owner?: CounterOwner;
}

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Counts the request against each check in order and stops at the first refusal, so a request refused by
 * an earlier check (its address) never counts against a later one (an email). `refusal` words the 429 for
 * the wait it names (the default: "a few minutes").
 */
export async function enforceLimits(
  limiter: RateLimiter,
  action: LimitedAction,
  checks: LimitCheck[],
  refusal: (retryAfterSeconds: number) => string = () => TOO_MANY,
): Promise<void> {
  for (const { scope, key, rule, owner } of checks) {
    const verdict = await limiter.hit(`${action}:${scope}`, key, rule.limit, rule.windowSeconds, owner);
    if (!verdict.allowed)
      throw new RateLimitedError(refusal(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }
}

/**
 * Link emails asked for too often from one address (a "Resend" pressed again and again): the 429 says, in
 * the asker's language, how long until the next one may be asked for. The owner asking from elsewhere is
 * never refused by it (the counters are per address; the mailbox's own limit answers, not refuses).
 */
export function tooManyLinkEmails(lang: Language): (retryAfterSeconds: number) => string {
  return (seconds) => {
    const minutes = Math.ceil(seconds / 60);
    if (lang === 'fr') {
      const wait = seconds < 60 ? `${seconds} s` : `${minutes} min`;
      return `Trop d'e-mails demandés en peu de temps pour cette adresse. Vous pourrez en redemander un dans ${wait}.`;
    }
    const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    return `Too many emails asked for this address in a short time. You can ask for another in ${wait}.`;
  };
}

/** Refuses when a ceiling is full, without counting this request. */
export async function enforceCeiling(limiter: RateLimiter, action: LimitedAction, check: LimitCheck) {
  const { scope, key, rule } = check;
  const verdict = await limiter.peek(`${action}:${scope}`, key, rule.limit, rule.windowSeconds);
  if (!verdict.allowed) throw new RateLimitedError(TOO_MANY, verdict.retryAfterSeconds);
}

/** Counts toward a ceiling (a wrong password); whether it is full now is for the next request to find out. */
export async function countTowards(limiter: RateLimiter, action: LimitedAction, check: LimitCheck) {
  const { scope, key, rule, owner } = check;
  await limiter.hit(`${action}:${scope}`, key, rule.limit, rule.windowSeconds, owner);
}

/** The key of a per-(email, address) counter. */
export const emailAndClient = (email: string, clientAddress: string): string => `${email} ${clientAddress}`;
