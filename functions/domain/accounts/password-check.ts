// The current password, asked again by a signed-in user's sensitive actions (changing the password,
// deleting the account). A stolen session must not become a way to guess the password: wrong passwords
// are counted per account in the store login lock-out uses, and after 10 in 15 minutes these checks are
// refused (429 with Retry-After) and the owner gets an email. Login itself is never blocked by this count,
// nor is deletion by an emailed link: the owner keeps every other way in, and the pause ends by itself.
import type { Language } from '../../../shared/api-schemas.ts';
import { pagePath } from '../../../shared/web-routes.ts';
import { type DomainError, RateLimitedError } from '../errors.ts';
import type { Mailer, PasswordHasher, RateLimiter, User } from '../ports.ts';
import { passwordChecksPausedEmail } from './emails.ts';
import type { LimitRule } from './rate-limits.ts';

/** Wrong current passwords per account before its password checks pause, and for how long. */
export const PASSWORD_CHECK_FAILURES: LimitRule = { limit: 10, windowSeconds: 15 * 60 };

const FAILURES = 'password_check:user-failures';
const OWNER_TOLD = 'password_check:user-warned';

export const PASSWORD_CHECKS_PAUSED =
  'Too many incorrect passwords. Password checks on your account are paused for a few minutes; we have emailed you about it.';

export interface PasswordCheckDeps {
  limiter: RateLimiter;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** The public web URL the email's link is built from. */
  webUrl: string;
}

/**
 * Throws `wrong` unless `password` is the user's current one, or RATE_LIMITED once the account's
 * failures are used up. Each check is counted before the (costly) hash is computed, so concurrent guesses
 * cannot all slip in under the limit; a right password gives its count back.
 */
export async function checkCurrentPassword(
  deps: PasswordCheckDeps,
  user: User & { passwordHash: string },
  password: string,
  wrong: DomainError,
): Promise<void> {
  const { limit, windowSeconds } = PASSWORD_CHECK_FAILURES;
  // The counters name the account (owned_by), so deleting it deletes them.
  const owner = { userId: user.id };
  const claim = await deps.limiter.hit(FAILURES, user.id, limit, windowSeconds, owner);
  if (!claim.allowed) throw new RateLimitedError(PASSWORD_CHECKS_PAUSED, claim.retryAfterSeconds);
  if (password && (await deps.hasher.verify(password, user.passwordHash, 'confirm-action'))) {
    await deps.limiter.release(FAILURES, user.id, windowSeconds);
    return;
  }
  const now = await deps.limiter.peek(FAILURES, user.id, limit, windowSeconds);
  if (!now.allowed) await tellOwnerOnce(deps, user, windowSeconds, owner);
  throw wrong;
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
