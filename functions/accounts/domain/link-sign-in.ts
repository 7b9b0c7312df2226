// Signing in with a login token: an emailed link, or the token a Google sign-in hands the web app. Each
// token belongs to the browser that asked for it (the hash of its cookie's secret), against login CSRF:
// someone who got a token for their own account must not be able to sign a victim's browser in to it.
// - A Google token works in its browser only.
// - An emailed link opened in the browser that asked for it signs in at once. Opened anywhere else (the
//   phone of someone who asked on their laptop, a mail scanner, a victim sent there by someone else), the
//   page first asks "Sign in as j•••@example.com?" and redeems nothing until the person says yes. Only the
//   web app can put a session in a browser (sessions are bearer tokens it stores), so that question is the
//   page's to ask; the API tells it whether this browser asked (previewLoginLink) without using the link.

import { DomainError } from '#platform/domain/errors.ts';
import type { LinkLogin, LoginLinkPreview } from '#shared/api-schemas.ts';
import { type AccountDeps, BROWSER_SECRET, type Caller, openSession } from './accounts.ts';
import { maskEmail } from './email-address.ts';
import { readBrowserToken } from './google-sign-in.ts';
import type { LoginLinkFound } from './ports.ts';
import { enforceLimits } from './rate-limits.ts';
import { withSignupBonus } from './signup-bonus.ts';

const INVALID_LINK = 'Invalid or expired login link. Please request a new one.';

/** What the browser presented: its cookies' values (the login link's, Google sign-in's), as sent. */
export interface PresentedBrowser {
  linkCookie: string | null;
  googleCookie: string | null;
}

interface OpenedLink {
  hash: string;
  link: LoginLinkFound;
  /** the link belongs to the browser that presented these cookies */
  askedHere: boolean;
}

/** The link of a token, while it is unused and unexpired and this browser may use it. */
async function openLink(deps: AccountDeps, secret: string, browser: PresentedBrowser): Promise<OpenedLink> {
  if (!BROWSER_SECRET.test(secret)) throw new DomainError('INVALID_LOGIN_LINK', INVALID_LINK);
  const hash = deps.ids.hashSecret(secret);
  const link = await deps.store.findLink(hash, deps.clock.now());
  if (!link) throw new DomainError('INVALID_LOGIN_LINK', INVALID_LINK);
  const bound = link.browser;
  let presented: string | null = null;
  if (bound?.from === 'google-sign-in') presented = readBrowserToken(browser.googleCookie).secret;
  if (bound?.from === 'link-request' && browser.linkCookie && BROWSER_SECRET.test(browser.linkCookie)) {
    presented = browser.linkCookie;
  }
  const askedHere = bound !== null && presented !== null && deps.ids.hashSecret(presented) === bound.hash;
  // Refused, not used up: in the browser it belongs to, it still works.
  if (bound?.from === 'google-sign-in' && !askedHere) {
    throw new DomainError('INVALID_LOGIN_LINK', INVALID_LINK);
  }
  return { hash, link, askedHere };
}

/**
 * Whom a link signs in (the address masked) and whether this browser asked for it; uses nothing. Limited
 * per client: it says whether a token is valid.
 */
export async function previewLoginLink(
  deps: AccountDeps,
  caller: Caller,
  secret: string,
  browser: PresentedBrowser,
): Promise<LoginLinkPreview> {
  await enforceLimits(deps.limiter, 'login_link_preview', [
    { scope: 'client', key: caller.clientAddress, rule: deps.limits.loginLinkPreviewPerClient },
  ]);
  const { link, askedHere } = await openLink(deps, secret, browser);
  return { email: maskEmail(link.owner.email), same_browser: askedHere };
}

interface RedeemedLink {
  login: LinkLogin;
  /** a Google sign-in's token: the sign-in is over, its cookie can go */
  endsGoogleSignIn: boolean;
}

/** Activates the account if needed and opens a session. Each link works once, within its lifetime. */
export async function redeemLoginLink(
  deps: AccountDeps,
  secret: string,
  browser: PresentedBrowser = { linkCookie: null, googleCookie: null },
): Promise<RedeemedLink> {
  const { hash, link } = await openLink(deps, secret, browser);
  const { owner } = link;
  const now = deps.clock.now();
  // The signup bonus is credited on activation, once the person has shown they read the mailbox: a
  // stranger signing up someone else's address (or its +tag variant) can never take that person's bonus.
  const { result, bonusTokens } =
    owner.status === 'PENDING'
      ? await withSignupBonus(deps.ids, owner.email, (a) => deps.store.redeemLoginLink(hash, owner, now, a))
      : { result: await deps.store.redeemLoginLink(hash, owner, now, null), bonusTokens: 0 };
  if (result.outcome !== 'signed-in') throw new DomainError('INVALID_LOGIN_LINK', INVALID_LINK);
  const access_token = await openSession(deps, result.user);
  const endsGoogleSignIn = link.browser?.from === 'google-sign-in';
  if (owner.status === 'PENDING') {
    return { login: { access_token, activated: true, signup_bonus: bonusTokens }, endsGoogleSignIn };
  }
  // A link that hands over an account its maker just activated (a Google sign-in) says so too.
  if (link.activation) {
    const login = { access_token, activated: true, signup_bonus: link.activation.signupBonus };
    return { login, endsGoogleSignIn };
  }
  return { login: { access_token, activated: false }, endsGoogleSignIn };
}
