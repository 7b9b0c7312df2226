// Accounts and sign-in: signup with activation link, passwordless links, password login, sessions.
import {
  type Language,
  type LedgerEntry,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type UserInfo,
} from '../../../shared/api-schemas.ts';
import { DomainError } from '../errors.ts';
import type {
  AccountStore,
  Clock,
  Ids,
  Mailer,
  PasswordHasher,
  RateLimiter,
  SessionTokens,
  User,
} from '../ports.ts';
import { normaliseEmail } from './email-address.ts';
import { type LinkEmailKind, linkEmail } from './emails.ts';
import { enforceLimits, type RateLimitPolicy } from './rate-limits.ts';

export const SIGNUP_BONUS_TOKENS = 2;
export const LOGIN_LINK_TTL_SECONDS = 15 * 60;

export interface AccountDeps {
  store: AccountStore;
  limiter: RateLimiter;
  mailer: Mailer;
  hasher: PasswordHasher;
  sessions: SessionTokens;
  clock: Clock;
  ids: Ids;
  limits: RateLimitPolicy;
  /** The public web URL links are built from; never the request's Host header. */
  webUrl: string;
}

/** Who is asking: used for per-client rate limits. */
export interface Caller {
  clientAddress: string;
}

const SIGNUP_DONE = 'Account created! Please check your email for an activation link.';

export async function signUp(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; lang?: Language | undefined },
): Promise<{ msg: string }> {
  const email = normaliseEmail(input.email);
  const lang = input.lang ?? 'en';
  await enforceLimits(deps.limiter, 'signup', [
    { key: email, scope: 'email', rule: deps.limits.signupPerEmail },
    { key: caller.clientAddress, scope: 'client', rule: deps.limits.signupPerClient },
  ]);
  const user = await deps.store.createPendingAccount({
    id: deps.ids.newId(),
    email,
    lang,
    createdAt: deps.clock.now(),
    signupBonus: SIGNUP_BONUS_TOKENS,
    ledgerEntryId: deps.ids.newId(),
  });
  await sendLink(deps, user, lang, 'activation');
  return { msg: SIGNUP_DONE };
}

export async function requestLoginLink(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; lang?: Language | undefined },
): Promise<{ msg: string }> {
  const email = normaliseEmail(input.email);
  await enforceLimits(deps.limiter, 'login_link', [
    { key: email, scope: 'email', rule: deps.limits.loginLinkPerEmail },
    { key: caller.clientAddress, scope: 'client', rule: deps.limits.loginLinkPerClient },
  ]);
  const user = await deps.store.findByEmail(email);
  if (!user) throw new DomainError('ACCOUNT_NOT_FOUND', 'No account found with this email.');
  const lang = input.lang ?? user.lang;
  await sendLink(deps, user, lang, user.status === 'ACTIVE' ? 'login' : 'activation');
  return { msg: `A login link has been sent to ${email}.` };
}

async function sendLink(deps: AccountDeps, user: User, lang: Language, kind: LinkEmailKind): Promise<void> {
  const secret = deps.ids.newSecret();
  await deps.store.saveLoginLink({
    tokenHash: deps.ids.hashSecret(secret),
    userId: user.id,
    expiresAt: deps.clock.now() + LOGIN_LINK_TTL_SECONDS,
  });
  const link = new URL('/login_with_token', deps.webUrl);
  link.searchParams.set('token', secret);
  await deps.mailer.send(linkEmail(user.email, lang, kind, link.toString()));
}

const INVALID_LINK = 'Invalid or expired login link. Please request a new one.';

/** Activates the account if needed and opens a session. Each link works once, within 15 minutes. */
export async function redeemLoginLink(deps: AccountDeps, secret: string): Promise<{ access_token: string }> {
  if (!/^[A-Za-z0-9_-]{22,128}$/.test(secret)) throw new DomainError('INVALID_LOGIN_LINK', INVALID_LINK);
  const user = await deps.store.redeemLoginLink(deps.ids.hashSecret(secret), deps.clock.now());
  if (!user) throw new DomainError('INVALID_LOGIN_LINK', INVALID_LINK);
  return { access_token: await openSession(deps, user) };
}

export async function logIn(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; password: string },
): Promise<{ access_token: string }> {
  if (!input.email.trim() || !input.password) {
    throw new DomainError('VALIDATION_FAILED', 'Please enter both your email and password to login.');
  }
  const email = normaliseEmail(input.email);
  await enforceLimits(deps.limiter, 'login', [
    { key: email, scope: 'email', rule: deps.limits.loginPerEmail },
    { key: caller.clientAddress, scope: 'client', rule: deps.limits.loginPerClient },
  ]);
  const user = await deps.store.findByEmail(email);
  if (!user) throw new DomainError('UNKNOWN_LOGIN_EMAIL', 'No account found with this email.');
  if (user.status !== 'ACTIVE') {
    throw new DomainError('ACCOUNT_NOT_ACTIVATED', 'Your account is not activated.');
  }
  if (!user.passwordHash) {
    throw new DomainError('PASSWORD_NOT_SET', 'This account has no password yet. Use a login link instead.');
  }
  if (!(await deps.hasher.verify(input.password, user.passwordHash))) {
    throw new DomainError('WRONG_PASSWORD', 'Incorrect password.');
  }
  return { access_token: await openSession(deps, user) };
}

const openSession = (deps: AccountDeps, user: User): Promise<string> =>
  deps.sessions.issue({ userId: user.id, sessionVersion: user.sessionVersion });

/** Resolves a presented session token to its user; revoked sessions (older version) are refused. */
export async function authenticate(
  deps: Pick<AccountDeps, 'sessions' | 'store'>,
  token: string,
): Promise<User> {
  const claims = await deps.sessions.verify(token);
  const user = await deps.store.getById(claims.userId);
  if (!user)
    throw new DomainError('UNAUTHENTICATED', 'Your session is no longer valid. Please log in again.');
  if (user.sessionVersion !== claims.sessionVersion) {
    throw new DomainError('SESSION_REVOKED', 'Your session has ended. Please log in again.');
  }
  return user;
}

export function describeUser(user: User): UserInfo {
  return {
    email: user.email,
    tokens_ltd: user.tokensLtd,
    tokens_subscription: user.tokensSubscription,
    stripe_customer_id: user.stripeCustomerId,
    has_password: user.passwordHash !== null,
  };
}

/** Sets or changes the password; every other session is signed out, this one gets a fresh token. */
export async function changePassword(
  deps: AccountDeps,
  user: User,
  input: { current_password?: string | undefined; new_password: string },
): Promise<{ msg: string; access_token: string }> {
  const next = input.new_password;
  if (next.length < PASSWORD_MIN_LENGTH || next.length > PASSWORD_MAX_LENGTH) {
    throw new DomainError(
      'WEAK_PASSWORD',
      `Your password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters long.`,
    );
  }
  if (next.toLowerCase() === user.email) {
    throw new DomainError('WEAK_PASSWORD', 'Your password must not be your email address.');
  }
  if (user.passwordHash) {
    const current = input.current_password ?? '';
    if (!current || !(await deps.hasher.verify(current, user.passwordHash))) {
      throw new DomainError('CURRENT_PASSWORD_WRONG', 'Your current password is incorrect.');
    }
  }
  const updated = await deps.store.setPassword(user.id, await deps.hasher.hash(next), user.sessionVersion);
  return {
    msg: user.passwordHash ? 'Your password has been changed.' : 'Your password has been set.',
    access_token: await openSession(deps, updated),
  };
}

export const tokenHistory = (deps: AccountDeps, user: User): Promise<LedgerEntry[]> =>
  deps.store.listLedger(user.id, 100);
