// Accounts and sign-in: signup with activation link, passwordless links, password login, sessions.

import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, Ids, Log, Mailer, RateLimiter, User } from '#platform/domain/ports.ts';
import type { Language, LedgerPage, UserInfo } from '#shared/api-schemas.ts';
import { findPlan } from '#shared/catalogue.ts';
import { appReturnPath } from '#shared/sign-in-return.ts';
import { pagePath } from '#shared/web-routes.ts';
import { normaliseEmail } from './email-address.ts';
import { type LinkEmailKind, linkEmail, passwordNoticeEmail } from './emails.ts';
import { ledgerLink, ledgerOrder } from './ledger-order.ts';
import { checkCurrentPassword, hasPassword, passwordMatches } from './password-check.ts';
import { checkNewPassword } from './password-rules.ts';
import type {
  AccountStore,
  IdentityProvider,
  PasswordHasher,
  PasswordStrength,
  SessionTokens,
  SignInAttemptStore,
} from './ports.ts';
import {
  countTowards,
  emailAndClient,
  enforceCeiling,
  enforceLimits,
  type RateLimitPolicy,
  tooManyLinkEmails,
} from './rate-limits.ts';

export const LOGIN_LINK_TTL_SECONDS = 15 * 60;
/** What a browser's secret looks like in its cookie (Ids.newSecret). */
export const BROWSER_SECRET = /^[A-Za-z0-9_-]{22,128}$/;
/** A never-activated account, and its hold on the email, last this long. */
export const PENDING_ACCOUNT_TTL_SECONDS = 7 * 24 * 3600;

export interface AccountDeps {
  store: AccountStore;
  limiter: RateLimiter;
  mailer: Mailer;
  hasher: PasswordHasher;
  strength: PasswordStrength;
  sessions: SessionTokens;
  clock: Clock;
  ids: Ids;
  limits: RateLimitPolicy;
  /** The public web URL links are built from; never the request's Host header. */
  webUrl: string;
  /** "Sign in with Google"; null where the stage has no OpenID provider configured. */
  google: GoogleSignInPorts | null;
  /** what an operator should see: a security notice that could not be sent */
  log: Log;
}

export interface GoogleSignInPorts {
  provider: IdentityProvider;
  attempts: SignInAttemptStore;
}

/** Who is asking: used for per-client rate limits. */
export interface Caller {
  clientAddress: string;
}

const SIGNUP_DONE = 'Account created! Please check your email for an activation link.';

/**
 * The secret the asking browser's link cookie holds (`browser`): every link asked for from that browser
 * carries its hash, so that opening the link there signs in at once (functions/accounts/domain/link-sign-in.ts).
 */
type LinkRequestBrowser = { browser: string };

/**
 * Beyond the original API: what the asking browser kept for after the sign-in, the app page it was sent from (an
 * invitation's /app/team?code=…) and the plan chosen first. The emailed link carries them, so that the
 * sign-in lands there on another device too (docs/product.md, "Sign-up and activation on two devices").
 */
interface SignInReturn {
  return_to?: string | undefined;
  buy?: string | undefined;
}

/**
 * The link's own parameters for them: only an app page of this origin (shared/sign-in-return.ts) and a plan
 * of the catalogue, anything else dropped without a word. They go into the link's query, encoded, and never
 * anywhere else in the email.
 */
function returnParams(input: SignInReturn): [string, string][] {
  const params: [string, string][] = [];
  const path = appReturnPath(input.return_to);
  if (path) params.push(['return_to', path]);
  const plan = input.buy;
  if (plan && findPlan(plan)) params.push(['buy', plan]);
  return params;
}

export async function signUp(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; lang?: Language | undefined } & SignInReturn,
  browserCookie: string | null = null,
): Promise<{ msg: string } & LinkRequestBrowser> {
  const email = normaliseEmail(input.email);
  const lang = input.lang ?? 'en';
  await enforceLimits(deps.limiter, 'signup', [
    { scope: 'client', key: caller.clientAddress, rule: deps.limits.signupPerClient },
    {
      scope: 'email-client',
      key: emailAndClient(email, caller.clientAddress),
      owner: { email },
      rule: deps.limits.signupPerEmailClient,
    },
  ]);
  const now = deps.clock.now();
  const user = await deps.store.createPendingAccount({
    id: deps.ids.newId(),
    email,
    lang,
    createdAt: now,
    expiresAt: now + PENDING_ACCOUNT_TTL_SECONDS,
  });
  const browser = askingBrowser(deps, browserCookie);
  await sendLink(deps, user, lang, 'activation', browser, returnParams(input));
  return { msg: SIGNUP_DONE, browser };
}

export async function requestLoginLink(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; lang?: Language | undefined } & SignInReturn,
  browserCookie: string | null = null,
): Promise<{ msg: string; kind: LinkEmailKind; sent: boolean } & Partial<LinkRequestBrowser>> {
  const email = normaliseEmail(input.email);
  await enforceLimits(
    deps.limiter,
    'login_link',
    [
      { scope: 'client', key: caller.clientAddress, rule: deps.limits.loginLinkPerClient },
      {
        scope: 'email-client',
        key: emailAndClient(email, caller.clientAddress),
        owner: { email },
        rule: deps.limits.loginLinkPerEmailClient,
      },
    ],
    tooManyLinkEmails(input.lang ?? 'en'),
  );
  const user = await deps.store.findByEmail(email);
  if (!user) throw new DomainError('ACCOUNT_NOT_FOUND', 'No account found with this email.');
  const kind: LinkEmailKind = user.status === 'ACTIVE' ? 'login' : 'activation';
  const { limit, windowSeconds } = deps.limits.loginLinkPerEmail;
  const mailbox = await deps.limiter.hit('login_link:email', email, limit, windowSeconds, { email });
  // Past the mailbox's limit, whoever asked, the owner already holds a link from this window that still
  // works: say so instead of refusing them (or mailing the address again).
  if (!mailbox.allowed)
    return { msg: `A ${kind} link was sent to ${email} a few minutes ago.`, kind, sent: false };
  const lang = input.lang ?? user.lang;
  const browser = askingBrowser(deps, browserCookie);
  await sendLink(deps, user, lang, kind, browser, returnParams(input));
  return { msg: `A ${kind} link has been sent to ${email}.`, kind, sent: true, browser };
}

/** The asking browser's secret: the one its cookie already holds (its earlier links stay its own), or a new one. */
function askingBrowser(deps: AccountDeps, cookie: string | null): string {
  return cookie && BROWSER_SECRET.test(cookie) ? cookie : deps.ids.newSecret();
}

async function sendLink(
  deps: AccountDeps,
  user: User,
  lang: Language,
  kind: LinkEmailKind,
  browser: string,
  back: [string, string][],
): Promise<void> {
  const secret = deps.ids.newSecret();
  await deps.store.saveLoginLink({
    tokenHash: deps.ids.hashSecret(secret),
    userId: user.id,
    expiresAt: deps.clock.now() + LOGIN_LINK_TTL_SECONDS,
    browser: { hash: deps.ids.hashSecret(browser), from: 'link-request' },
  });
  const link = new URL('/login_with_token', deps.webUrl);
  link.searchParams.set('token', secret);
  // The page is English-only (its path has no /fr); the language says where it sends the user next.
  link.searchParams.set('lang', lang);
  for (const [name, value] of back) link.searchParams.set(name, value);
  await deps.mailer.send(linkEmail(user.email, lang, kind, link.toString()));
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
    { scope: 'client', key: caller.clientAddress, rule: deps.limits.loginPerClient },
    {
      scope: 'email-client',
      key: emailAndClient(email, caller.clientAddress),
      owner: { email },
      rule: deps.limits.loginPerEmailClient,
    },
  ]);
  const failures = {
    scope: 'email-failures',
    key: email,
    rule: deps.limits.loginFailuresPerEmail,
    owner: { email },
  } as const;
  await enforceCeiling(deps.limiter, 'login', failures);
  const user = await deps.store.findByEmail(email);
  if (!user) throw new DomainError('UNKNOWN_LOGIN_EMAIL', 'No account found with this email.');
  if (user.status !== 'ACTIVE') {
    throw new DomainError('ACCOUNT_NOT_ACTIVATED', 'Your account is not activated.');
  }
  if (!hasPassword(user)) {
    throw new DomainError(
      'PASSWORD_NOT_SET',
      'This account has no password yet. Use "Send me a login link" to log in, then set a password on your account page.',
    );
  }
  // The account's one count of wrong passwords, shared with the checks behind a session
  // (functions/accounts/domain/password-check.ts): while it is full, this refuses with 429 and Retry-After.
  if (!(await passwordMatches(deps, user, input.password, 'sign-in'))) {
    await countTowards(deps.limiter, 'login', failures);
    throw new DomainError('WRONG_PASSWORD', 'Incorrect password.');
  }
  return { access_token: await openSession(deps, user) };
}

export const openSession = (deps: AccountDeps, user: User): Promise<string> =>
  deps.sessions.issue({ userId: user.id, sessionVersion: user.sessionVersion });

export function describeUser(user: User): UserInfo {
  return {
    email: user.email,
    tokens_ltd: user.tokensLtd,
    tokens_subscription: user.tokensSubscription,
    stripe_customer_id: user.stripeCustomerId,
    has_password: user.passwordHash !== null,
    ...(user.googleSignIn
      ? { google_sign_in: { email: user.googleSignIn.email, linked_at: user.googleSignIn.linkedAt } }
      : {}),
    ...(user.role === 'admin' ? { is_admin: true as const } : {}),
  };
}

/** Sets or changes the password; every other session is signed out, this one gets a fresh token. */
export async function changePassword(
  deps: AccountDeps,
  user: User,
  input: { current_password?: string | undefined; new_password: string },
): Promise<{ msg: string; access_token: string }> {
  const next = input.new_password;
  if (hasPassword(user)) {
    await checkCurrentPassword(
      deps,
      user,
      input.current_password ?? '',
      new DomainError('CURRENT_PASSWORD_WRONG', 'Your current password is incorrect.'),
    );
  }
  await checkNewPassword(deps.strength, next, user.email);
  const updated = await deps.store.setPassword(user.id, await deps.hasher.hash(next), user.sessionVersion);
  const kind = user.passwordHash ? 'changed' : 'set';
  const accessToken = await openSession(deps, updated);
  // A security notice to the mailbox: the owner learns of a change they did not make. The password is
  // changed already: a notice that could not be sent is logged, not turned into an error.
  try {
    await deps.mailer.send(
      passwordNoticeEmail(user.email, user.lang, {
        kind,
        at: deps.clock.now(),
        accountPage: new URL(pagePath('appAccount', user.lang), deps.webUrl).toString(),
      }),
    );
  } catch (e) {
    deps.log('error', 'password notice not sent', { userId: user.id, error: String(e) });
  }
  return {
    msg: kind === 'changed' ? 'Your password has been changed.' : 'Your password has been set.',
    access_token: accessToken,
  };
}

/** How many ledger entries the account page's history shows. */
export const HISTORY_ENTRIES = 100;

/**
 * The account page's history: the last 100 ledger entries in the order they happened (ledger-order.ts), and
 * packs paid by bank debit not yet credited.
 *
 * The store orders a second's entries by random id, so a full page can end inside a second with any of its
 * entries cut off: a refund shown without its debit, which happened before it. The rest of that second is read
 * too (one small Query, only when the page is full), the whole second put in order, and the oldest entries
 * past 100 left out: the page holds the 100 newest and a second's order never depends on where a page cut it.
 */
export async function tokenHistory(deps: AccountDeps, user: User): Promise<LedgerPage> {
  const [newest, delayed] = await Promise.all([
    deps.store.listLedger(user.id, HISTORY_ENTRIES),
    deps.store.listDelayedPayments(user.id, deps.clock.now()),
  ]);
  const cut = newest.length === HISTORY_ENTRIES ? newest.at(-1)?.created_at : undefined;
  const read =
    cut === undefined
      ? newest
      : [...newest.filter((e) => e.created_at !== cut), ...(await deps.store.listLedgerSecond(user.id, cut))];
  // Oldest first as stored (ledgerOrder's tie-break), closing on the balances as read with the session.
  const entries = ledgerOrder([...read].reverse(), ledgerLink, {
    closing: { ltd: user.tokensLtd, subscription: user.tokensSubscription },
  })
    .reverse()
    .slice(0, HISTORY_ENTRIES);
  return {
    entries,
    delayed_payments: delayed.map((p) => ({
      id: p.sessionId,
      state: p.state,
      plan_id: p.planId,
      tokens: p.tokens,
      amount_cents: p.amountCents,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
  };
}
