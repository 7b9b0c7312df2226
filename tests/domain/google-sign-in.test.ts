// "Sign in with Google" (functions/accounts/domain/google-sign-in.ts) against the in-memory ports: which
// account an identity signs in to, the bonus rules, and where every failure sends the browser. The provider's
// own checks (PKCE, ID token signature, issuer, audience) are tested against the local Google stand-in in
// tests/integration/google-sign-in.test.ts and google-id-token-checks.test.ts.
import { describe, expect, it } from 'vitest';
import type { AccountDeps } from '../../functions/accounts/domain/accounts.ts';
import { signUp } from '../../functions/accounts/domain/accounts.ts';
import {
  finishGoogleSignIn,
  GOOGLE_LOGIN_TOKEN_TTL_SECONDS,
  readBrowserToken,
  startGoogleSignIn,
} from '../../functions/accounts/domain/google-sign-in.ts';
import { redeemLoginLink } from '../../functions/accounts/domain/link-sign-in.ts';
import { FakeIdentityProvider, fakeAccounts, WEB_URL } from '../support/fakes/index.ts';

const caller = { clientAddress: '203.0.113.9' };

function world() {
  const w = fakeAccounts();
  const provider = new FakeIdentityProvider();
  const deps: AccountDeps = { ...w.deps, google: { provider, attempts: w.attempts } };
  return { ...w, provider, deps };
}
type World = ReturnType<typeof world>;

/** The whole round trip: start, sign in at the provider as `who`, come back with the browser's cookie. */
async function signInWithGoogle(
  w: World,
  who: { subject: string; email?: string | null; emailVerified?: boolean },
  lang = 'en',
) {
  const started = await startGoogleSignIn(w.deps, caller, { lang });
  const state = new URL(started.auth_url).searchParams.get('state') as string;
  const query = w.provider.signIn(state, { email: 'ada@gmail.com', ...who });
  const outcome = await finishGoogleSignIn(w.deps, { query, browser: started.browser });
  return { started, query, outcome };
}

/** The login token the callback handed over, redeemed in the browser that started. */
async function openToken(w: World, outcome: { location: string }, browser: string) {
  const token = new URL(outcome.location).searchParams.get('token') as string;
  return redeemLoginLink(w.deps, token, { linkCookie: null, googleCookie: browser });
}

describe('starting a Google sign-in', () => {
  it('answers the provider URL and a cookie holding the page language and a secret; the attempt is kept hashed', async () => {
    const w = world();
    const started = await startGoogleSignIn(w.deps, caller, { lang: 'fr' });
    expect(started.auth_url).toMatch(/^https:\/\/accounts\.google\.example\.test\/authorize\?state=/);
    expect(readBrowserToken(started.browser)).toEqual({ lang: 'fr', secret: expect.any(String) });
    expect(readBrowserToken((await startGoogleSignIn(w.deps, caller, { lang: 'de' })).browser).lang).toBe(
      'en',
    );
    expect(readBrowserToken('xx.short')).toEqual({ lang: 'en', secret: null });
  });

  it('says Google sign-in is unavailable where none is configured, or the provider cannot be reached', async () => {
    const w = world();
    const message = 'Sign in with Google is not available right now. Please log in with your email instead.';
    await expect(startGoogleSignIn({ ...w.deps, google: null }, caller, {})).rejects.toMatchObject({
      code: 'GOOGLE_SIGN_IN_UNAVAILABLE',
      message,
    });
    w.provider.down = true;
    await expect(startGoogleSignIn(w.deps, caller, {})).rejects.toMatchObject({
      code: 'GOOGLE_SIGN_IN_UNAVAILABLE',
      message,
    });
  });

  it('is limited per client address; other addresses go on', async () => {
    const w = world();
    const { limit } = w.limits.googleSignInPerClient;
    for (let i = 0; i < limit; i++) await startGoogleSignIn(w.deps, caller, {});
    await expect(startGoogleSignIn(w.deps, caller, {})).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await startGoogleSignIn(w.deps, { clientAddress: '198.51.100.1' }, {});
  });
});

describe('signing in with Google', () => {
  it('creates an active account with the 2 free tokens, then signs in to that same account', async () => {
    const w = world();
    const first = await signInWithGoogle(w, { subject: 'g-1' }, 'fr');
    expect(first.outcome).toEqual({ location: expect.any(String), bindsLoginToken: true });
    const url = new URL(first.outcome.location);
    expect(url.origin + url.pathname).toBe(`${WEB_URL}/login_with_token`);
    expect(url.searchParams.get('lang')).toBe('fr');
    const { login } = await openToken(w, first.outcome, first.started.browser);
    expect(login).toMatchObject({ activated: true, signup_bonus: 2 });
    const user = await w.store.findByEmail('ada@gmail.com');
    expect(user).toMatchObject({
      status: 'ACTIVE',
      tokensLtd: 2,
      lang: 'fr',
      googleSignIn: { email: 'ada@gmail.com' },
    });
    const again = await signInWithGoogle(w, { subject: 'g-1', email: 'new-address@gmail.com' });
    const second = await openToken(w, again.outcome, again.started.browser);
    expect(second.login).toEqual({ access_token: expect.any(String), activated: false });
    expect(await w.sessions.verify(second.login.access_token)).toMatchObject({ userId: user?.id });
  });

  it('hands over a login token that works once, in the browser that started, for 2 minutes', async () => {
    const w = world();
    const { outcome, started } = await signInWithGoogle(w, { subject: 'g-1' });
    const token = new URL(outcome.location).searchParams.get('token') as string;
    const elsewhere = { linkCookie: null, googleCookie: null };
    await expect(redeemLoginLink(w.deps, token, elsewhere)).rejects.toMatchObject({
      code: 'INVALID_LOGIN_LINK',
    });
    // Refused elsewhere, not used up.
    w.clock.advance(GOOGLE_LOGIN_TOKEN_TTL_SECONDS - 1);
    const here = { linkCookie: null, googleCookie: started.browser };
    expect((await redeemLoginLink(w.deps, token, here)).endsGoogleSignIn).toBe(true);
    await expect(redeemLoginLink(w.deps, token, here)).rejects.toMatchObject({ code: 'INVALID_LOGIN_LINK' });
    const late = await signInWithGoogle(w, { subject: 'g-1' });
    w.clock.advance(GOOGLE_LOGIN_TOKEN_TTL_SECONDS);
    await expect(openToken(w, late.outcome, late.started.browser)).rejects.toMatchObject({
      code: 'INVALID_LOGIN_LINK',
    });
  });

  it('links an existing email account when Google vouches for the address: same account, no second bonus', async () => {
    const w = world();
    const existing = w.store.seedActive({ id: 'u1', email: 'ada@gmail.com', tokensLtd: 7 });
    const { outcome, started } = await signInWithGoogle(w, { subject: 'g-1', email: 'Ada@Gmail.com' });
    const { login } = await openToken(w, outcome, started.browser);
    expect(login).toEqual({ access_token: expect.any(String), activated: false });
    expect(await w.store.getById(existing.id)).toMatchObject({
      tokensLtd: 7,
      googleSignIn: { email: 'ada@gmail.com' },
    });
  });

  it('activates an account that signed up but never opened its link, crediting the bonus once', async () => {
    const w = world();
    await signUp(w.deps, caller, { email: 'ada@gmail.com' });
    const { outcome, started } = await signInWithGoogle(w, { subject: 'g-1' });
    expect((await openToken(w, outcome, started.browser)).login).toMatchObject({
      activated: true,
      signup_bonus: 2,
    });
    expect(await w.store.findByEmail('ada@gmail.com')).toMatchObject({ status: 'ACTIVE', tokensLtd: 2 });
  });

  it("gives no second bonus to a mailbox that had one (a Gmail address's dotted variant)", async () => {
    const w = world();
    await signInWithGoogle(w, { subject: 'g-1', email: 'adalovelace@gmail.com' });
    const { outcome, started } = await signInWithGoogle(w, {
      subject: 'g-2',
      email: 'ada.lovelace@gmail.com',
    });
    expect((await openToken(w, outcome, started.browser)).login).toMatchObject({
      activated: true,
      signup_bonus: 0,
    });
    expect(await w.store.findByEmail('ada.lovelace@gmail.com')).toMatchObject({ tokensLtd: 0 });
  });
});

describe('a sign-in that does not end signed in lands on /login with the reason', () => {
  const reasonOf = (location: string) => {
    const url = new URL(location);
    return { path: url.pathname, google: url.searchParams.get('google') };
  };

  it('an email Google has not verified: no link, no account (French: /fr/login)', async () => {
    const w = world();
    w.store.seedActive({ id: 'u1', email: 'ada@gmail.com' });
    const unverified = await signInWithGoogle(w, { subject: 'g-1', emailVerified: false });
    expect(reasonOf(unverified.outcome.location)).toEqual({ path: '/login', google: 'email_not_verified' });
    expect((await w.store.getById('u1'))?.googleSignIn).toBeNull();
    const none = await signInWithGoogle(w, { subject: 'g-2', email: null }, 'fr');
    expect(reasonOf(none.outcome.location)).toEqual({ path: '/fr/login', google: 'email_not_verified' });
    expect(await w.store.findByGoogleSubject('https://accounts.google.example.test', 'g-2')).toBeNull();
    const odd = await signInWithGoogle(w, { subject: 'g-3', email: '"odd"@gmail.com' });
    expect(reasonOf(odd.outcome.location)).toEqual({ path: '/login', google: 'failed' });
  });

  it('a state this browser was not given, another browser, or a replay: expired, the real attempt left alone', async () => {
    const w = world();
    const started = await startGoogleSignIn(w.deps, caller, {});
    const state = new URL(started.auth_url).searchParams.get('state') as string;
    const query = w.provider.signIn(state, { subject: 'g-1', email: 'ada@gmail.com' });
    const other = (await startGoogleSignIn(w.deps, caller, {})).browser;
    for (const attempt of [
      { query: 'code=x&state=not-ours', browser: started.browser },
      { query, browser: null },
      { query, browser: other },
      { query: 'code=x', browser: started.browser },
    ]) {
      const outcome = await finishGoogleSignIn(w.deps, attempt);
      expect(reasonOf(outcome.location).google).toBe('expired');
      expect(outcome.bindsLoginToken).toBeUndefined();
    }
    const done = await finishGoogleSignIn(w.deps, { query, browser: started.browser });
    expect(done.bindsLoginToken).toBe(true);
    const replay = await finishGoogleSignIn(w.deps, { query, browser: started.browser });
    expect(reasonOf(replay.location).google).toBe('expired');
  });

  it('"Cancel" at Google says so; a refused answer, or no provider configured, says it failed', async () => {
    const w = world();
    const started = await startGoogleSignIn(w.deps, caller, { lang: 'fr' });
    const state = new URL(started.auth_url).searchParams.get('state') as string;
    const cancelled = await finishGoogleSignIn(w.deps, {
      query: `error=access_denied&state=${state}`,
      browser: started.browser,
    });
    expect(reasonOf(cancelled.location)).toEqual({ path: '/fr/login', google: 'cancelled' });
    const again = await startGoogleSignIn(w.deps, caller, {});
    const againState = new URL(again.auth_url).searchParams.get('state') as string;
    const refused = await finishGoogleSignIn(w.deps, {
      query: `code=used&state=${againState}`,
      browser: again.browser,
    });
    expect(refused.failure).toMatchObject({ reason: 'failed', detail: 'invalid_grant' });
    const unconfigured = await finishGoogleSignIn(
      { ...w.deps, google: null },
      { query: 'state=x', browser: null },
    );
    expect(reasonOf(unconfigured.location).google).toBe('failed');
  });

  it('an email whose account is linked to another Google account: failed, nothing changed', async () => {
    const w = world();
    await signInWithGoogle(w, { subject: 'g-1' });
    const other = await signInWithGoogle(w, { subject: 'g-other' });
    expect(other.outcome.failure).toMatchObject({
      reason: 'failed',
      detail: 'the account of that email is linked to another subject of the provider',
    });
    expect(await w.store.findByGoogleSubject('https://accounts.google.example.test', 'g-other')).toBeNull();
  });

  it('an unexpected error: a page, never an error answer', async () => {
    const w = world();
    const store = Object.assign(Object.create(w.store) as typeof w.store, {
      findByGoogleSubject: () => Promise.reject(new Error('db down')),
    });
    const broken: AccountDeps = { ...w.deps, store };
    const started = await startGoogleSignIn(w.deps, caller, {});
    const state = new URL(started.auth_url).searchParams.get('state') as string;
    const query = w.provider.signIn(state, { subject: 'g-1', email: 'ada@gmail.com' });
    const outcome = await finishGoogleSignIn(broken, { query, browser: started.browser });
    expect(outcome.failure).toMatchObject({ reason: 'failed', detail: 'unexpected error' });
    expect(reasonOf(outcome.location).google).toBe('failed');
  });
});
