// "Sign in with Google" (any OpenID provider): the start (where to send the browser) and the callback
// (who signed in, which account that is, and a single-use login token for the web app).

import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { Language } from '#shared/api/common.ts';
import { parseEmailAddress } from '#shared/email-address.ts';
import type { AccountDeps, Caller, GoogleSignInPorts } from './accounts.ts';
import type { RedeemResult, VerifiedIdentity } from './ports.ts';
import { enforceLimits } from './rate-limits.ts';
import { withSignupBonus } from './signup-bonus.ts';

/** State, nonce and PKCE verifier of one attempt work this long, once. */
export const GOOGLE_ATTEMPT_TTL_SECONDS = 10 * 60;
/** The login token the callback hands the web app (through /login_with_token) works this long, once. */
export const GOOGLE_LOGIN_TOKEN_TTL_SECONDS = 2 * 60;

/**
 * Why a sign-in ended on /login; the web app words each one. expired: unknown, used or expired state, or
 * a different browser; cancelled: the person said no at Google; email_not_verified: Google does not vouch
 * for the address; failed: anything else (a check of the answer failed, Google unreachable, a conflict).
 */
export type GoogleFailure = 'expired' | 'cancelled' | 'email_not_verified' | 'failed';

export interface GoogleCallbackOutcome {
  /** where the browser goes next: the web app's /login_with_token, or its /login with the failure */
  location: string;
  /**
   * The browser's cookie now binds the login token handed over (for its 2 minutes): the token works only
   * where the sign-in started. Otherwise the sign-in is over and the cookie goes.
   */
  bindsLoginToken?: true;
  /** for the log (an identity-provider failure is logged); no personal data in it */
  failure?: { reason: GoogleFailure; detail: string; error?: unknown };
}

const UNAVAILABLE = 'Sign in with Google is not available right now. Please log in with your email instead.';

function googleOf(deps: AccountDeps): GoogleSignInPorts {
  if (!deps.google) throw new DomainError('GOOGLE_SIGN_IN_UNAVAILABLE', UNAVAILABLE);
  return deps.google;
}

/**
 * The browser's part of an attempt, kept in its cookie: a secret (stored hashed with the attempt) and the
 * page language, so that even a failure with no attempt left lands on the right /login.
 */
const browserToken = (lang: Language, secret: string) => `${lang}.${secret}`;
export function readBrowserToken(token: string | null): { lang: Language; secret: string | null } {
  const m = /^(en|fr)\.([A-Za-z0-9_-]{22,128})$/.exec(token ?? '');
  return m ? { lang: m[1] as Language, secret: m[2] as string } : { lang: 'en', secret: null };
}

/** Answers the provider's authorization URL; `browser` goes in the caller's cookie. */
export async function startGoogleSignIn(
  deps: AccountDeps,
  caller: Caller,
  input: { lang?: string | undefined },
): Promise<{ auth_url: string; browser: string }> {
  const google = googleOf(deps);
  await enforceLimits(deps.limiter, 'google_sign_in', [
    { scope: 'client', key: caller.clientAddress, rule: deps.limits.googleSignInPerClient },
  ]);
  const lang = Language.safeParse(input.lang).data ?? 'en';
  let request: Awaited<ReturnType<typeof google.provider.authorizationRequest>>;
  try {
    request = await google.provider.authorizationRequest();
  } catch (e) {
    throw new DomainError('GOOGLE_SIGN_IN_UNAVAILABLE', UNAVAILABLE, { cause: e });
  }
  const secret = deps.ids.newSecret();
  await google.attempts.save({
    stateHash: deps.ids.hashSecret(request.state),
    browserHash: deps.ids.hashSecret(secret),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    lang,
    expiresAt: deps.clock.now() + GOOGLE_ATTEMPT_TTL_SECONDS,
  });
  return { auth_url: request.url, browser: browserToken(lang, secret) };
}

/**
 * The provider sent the browser back. Whatever happens, the browser goes to the web app: signed in
 * through a single-use login token, or to /login with the reason.
 */
export async function finishGoogleSignIn(
  deps: AccountDeps,
  input: { query: string; browser: string | null },
): Promise<GoogleCallbackOutcome> {
  const cookie = readBrowserToken(input.browser);
  // The attempt's language once it is found; before, the cookie's.
  let lang = cookie.lang;
  const fail = (reason: GoogleFailure, detail: string, error?: unknown): GoogleCallbackOutcome => {
    const to = new URL(lang === 'fr' ? '/fr/login' : '/login', deps.webUrl);
    to.searchParams.set('google', reason);
    return { location: to.toString(), failure: { reason, detail, ...(error ? { error } : {}) } };
  };
  try {
    if (!deps.google) return fail('failed', 'no OpenID provider is configured');
    const state = new URLSearchParams(input.query).get('state');
    if (!state) return fail('expired', 'the callback has no state');
    if (!cookie.secret) return fail('expired', 'the browser has no sign-in cookie');
    const now = deps.clock.now();
    const attempt = await deps.google.attempts.take(
      deps.ids.hashSecret(state),
      deps.ids.hashSecret(cookie.secret),
      now,
    );
    if (!attempt) return fail('expired', 'unknown, used or expired state, or another browser');
    lang = attempt.lang;

    const check = await deps.google.provider.verifyCallback(input.query, { state, ...attempt });
    if (!check.ok) return fail(check.reason === 'cancelled' ? 'cancelled' : 'failed', check.detail);
    const identity = check.identity;
    // An unverified address is never used: linking it would hand someone's account to whoever typed
    // their address at the provider, and an account made with it would be one that person later enters
    // by email.
    if (!identity.emailVerified || !identity.email) {
      return fail('email_not_verified', 'the provider does not vouch for the email');
    }
    const email = parseEmailAddress(identity.email);
    if (!email) return fail('failed', "the provider's email is not a plain address");

    const found = await accountFor(deps, { ...identity, email }, email, lang, now);
    if ('conflict' in found) return fail('failed', found.conflict);

    const secret = deps.ids.newSecret();
    await deps.store.saveLoginLink({
      tokenHash: deps.ids.hashSecret(secret),
      userId: found.user.id,
      expiresAt: now + GOOGLE_LOGIN_TOKEN_TTL_SECONDS,
      // Bound to the browser that started the sign-in, by the same cookie secret as the attempt's state:
      // a token someone got for their own account cannot sign anyone else's browser in to it.
      browser: { hash: deps.ids.hashSecret(cookie.secret), from: 'google-sign-in' },
      // The web app welcomes an account this sign-in made or activated, as after an activation link.
      ...(found.activatedWithBonus === undefined
        ? {}
        : { activation: { signupBonus: found.activatedWithBonus } }),
    });
    const to = new URL('/login_with_token', deps.webUrl);
    to.searchParams.set('token', secret);
    to.searchParams.set('lang', lang);
    return { location: to.toString(), bindsLoginToken: true };
  } catch (e) {
    // A browser navigated here: it gets a page, never a JSON error.
    return fail('failed', 'unexpected error', e);
  }
}

/**
 * The account this identity signs in to: the one linked to its subject; else the account of its (verified)
 * email, now linked (and activated, with the bonus rules, if it was pending); else a new active account.
 */
async function accountFor(
  deps: AccountDeps,
  identity: VerifiedIdentity,
  email: string,
  lang: Language,
  now: number,
): Promise<{ user: User; activatedWithBonus?: number } | { conflict: string }> {
  // Twice at most: a concurrent sign-in may claim the subject or the email between our read and write.
  for (let round = 0; round < 2; round++) {
    const linked = await deps.store.findByGoogleSubject(identity.issuer, identity.subject);
    if (linked) return { user: linked };
    const owner = await deps.store.findByEmail(email);
    if (owner?.googleSignIn) {
      return { conflict: 'the account of that email is linked to another subject of the provider' };
    }
    let written: { result: RedeemResult; bonusTokens?: number };
    if (owner?.status === 'ACTIVE') {
      written = { result: await deps.store.linkGoogleSignIn(owner, identity, now, null) };
    } else if (owner) {
      written = await withSignupBonus(deps.ids, email, (a) =>
        deps.store.linkGoogleSignIn(owner, identity, now, a),
      );
    } else {
      const account = { id: deps.ids.newId(), email, lang, createdAt: now };
      written = await withSignupBonus(deps.ids, email, (a) =>
        deps.store.createGoogleAccount(account, identity, a),
      );
    }
    const { result, bonusTokens } = written;
    if (result.outcome !== 'signed-in') continue;
    // A new or just-activated account: the bonus it was credited (2, or 0 for a mailbox that had it).
    return bonusTokens === undefined
      ? { user: result.user }
      : { user: result.user, activatedWithBonus: bonusTokens };
  }
  return { conflict: 'the account of that email changed while signing in' };
}
