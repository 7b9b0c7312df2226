// Every check of an account's password: logging in with it, and the current password asked again by a
// signed-in user's sensitive actions (changing the password, deleting the account). Wrong passwords on any of
// them fill ONE count per account: a guesser who is refused on one route must not carry on on the other (a
// stolen session guessing behind /account/password, then at /login). After 10 in 15 minutes every password
// check of the account is refused (429 with Retry-After), the right password included, and the owner gets
// an email. What the owner keeps: login links sent by email, "Sign in with Google", deletion by an emailed
// link and every open session; and the pause ends by itself a window after the first wrong password.

import { type DomainError, RateLimitedError } from '#platform/domain/errors.ts';
import type { Mailer, RateLimiter, User } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { pagePath } from '#shared/web-routes.ts';
import { passwordChecksPausedEmail } from './emails.ts';
import type { PasswordCheckPurpose, PasswordHasher } from './ports.ts';
import type { LimitRule } from './rate-limits.ts';

/** Wrong passwords per account (at login or behind a session) before its password checks pause, and for how long. */
export const PASSWORD_CHECK_FAILURES: LimitRule = { limit: 10, windowSeconds: 15 * 60 };

const FAILURES = 'password_check:user-failures';
const OWNER_TOLD = 'password_check:user-warned';

export const PASSWORD_CHECKS_PAUSED =
  'Too many incorrect passwords. Password checks on your account are paused for a few minutes; we have emailed you about it.';

interface PasswordCheckDeps {
  limiter: RateLimiter;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** The public web URL the email's link is built from. */
  webUrl: string;
}

/**
 * Whether `password` is the user's password, or RATE_LIMITED once the account's failures are used up. Each
 * check is counted before the (costly) hash is computed, so concurrent guesses cannot all slip in under the
 * limit; a right password gives its count back. `purpose` only decides the check's place in the hashing
 * queue (functions/accounts/passwords/scrypt-hasher.ts), never which count it uses.
 */
export async function passwordMatches(
  deps: PasswordCheckDeps,
  user: User & { passwordHash: string },
  password: string,
  purpose: PasswordCheckPurpose,
): Promise<boolean> {
  const { limit, windowSeconds } = PASSWORD_CHECK_FAILURES;
  // The counters name the account (owned_by), so deleting it deletes them.
  const owner = { userId: user.id };
  const claim = await deps.limiter.hit(FAILURES, user.id, limit, windowSeconds, owner);
  if (!claim.allowed) throw new RateLimitedError(PASSWORD_CHECKS_PAUSED, claim.retryAfterSeconds);
  if (password && (await deps.hasher.verify(password, user.passwordHash, purpose))) {
    await deps.limiter.release(FAILURES, user.id, windowSeconds);
    return true;
  }
  const now = await deps.limiter.peek(FAILURES, user.id, limit, windowSeconds);
  if (!now.allowed) await tellOwnerOnce(deps, user, windowSeconds, owner);
  return false;
}

/** The current password asked again behind a session: throws `wrong` unless it is right. */
export async function checkCurrentPassword(
  deps: PasswordCheckDeps,
  user: User & { passwordHash: string },
  password: string,
  wrong: DomainError,
): Promise<void> {
  if (!(await passwordMatches(deps, user, password, 'confirm-action'))) throw wrong;
}

/** One email per pause, whichever request filled the count. */
async function tellOwnerOnce(
  deps: PasswordCheckDeps,
  user: User,
  windowSeconds: number,
  owner: { userId: string },
): Promise<void> {
  const first = await deps.limiter.hit(OWNER_TOLD, user.id, 1, windowSeconds, owner);
  if (!first.allowed) return;
  const lang: Language = user.lang;
  const accountPage = new URL(pagePath('appAccount', lang), deps.webUrl).toString();
  await deps.mailer.send(passwordChecksPausedEmail(user.email, lang, accountPage));
}

export const hasPassword = (user: User): user is User & { passwordHash: string } =>
  user.passwordHash !== null;
