// "Sign in with Google" against the local stand-in, a real OpenID provider (oidc-provider): the button's
// call, the provider's form, the callback, and the account it signs in to.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { cryptoIds } from '#platform/system.ts';
import { DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import { freePort } from '../../infra/local/ports.ts';
import { callRoute, mailsTo, newClientIp, newEmail, stack } from '../support/api.ts';
import { startAuthGateway } from '../support/auth-gateway.ts';
import {
  answerStandIn,
  askForGoogle,
  CookieJar,
  linkLoginFrom,
  openCallback,
  sessionFrom,
  signInWithStandIn,
} from '../support/google-sign-in.ts';

const newSubject = () => `g-${randomUUID()}`;
const landedOn = (url: URL) => `${url.pathname}?google=${url.searchParams.get('google')}`;

async function me(token: string) {
  const res = await callRoute('userInfo', { token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the "Continue with Google" call', () => {
  it('answers the provider URL for a code flow with PKCE (S256), state and nonce, and binds it to this browser', async () => {
    const jar = new CookieJar();
    const { authUrl, setCookie } = await askForGoogle(jar);
    const q = authUrl.searchParams;
    const discovery = await fetch(`${stack().googleIssuer}/.well-known/openid-configuration`);
    const { authorization_endpoint } = (await discovery.json()) as { authorization_endpoint: string };
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(authorization_endpoint);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{32,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{32,}$/);
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(q.get('client_id')).toBe('aivatar-local');
    expect(q.get('redirect_uri')).toBe(`${stack().apiUrl}/auth/google/callback`);
    // Locally the API is plain http: no Secure, no __Host- prefix (see functions/platform/config.ts).
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(
      /^aivatar_google=en\.[\w-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );

    // Each start is its own attempt: nothing reused.
    const again = (await askForGoogle(new CookieJar())).authUrl.searchParams;
    for (const p of ['state', 'nonce', 'code_challenge']) expect(again.get(p)).not.toBe(q.get(p));
  });
});

describe('the "Continue with Google" call, limits and absence', () => {
  it('admits credentials from the web app origin only (CORS), so no other site gets the cookie set', async () => {
    const from = (origin: string) => callRoute('googleLogin', { headers: { origin } });
    const web = await from(stack().webUrl);
    expect(web.headers.get('access-control-allow-origin')).toBe(stack().webUrl);
    expect(web.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await from('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('is limited per client address, with Retry-After; other addresses go on', async () => {
    const ip = newClientIp();
    const { limit } = DEFAULT_RATE_LIMITS.googleSignInPerClient;
    for (let i = 0; i < limit; i++) expect((await callRoute('googleLogin', { ip })).status).toBe(200);
    const refused = await callRoute('googleLogin', { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((await callRoute('googleLogin', { ip: newClientIp() })).status).toBe(200);
  });

  it('says so where the stage has no Google sign-in configured; a stray callback lands on /login', async () => {
    const api = await startAuthGateway({ port: await freePort() });
    try {
      const res = await callRoute('googleLogin', { apiUrl: api.apiUrl });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'GOOGLE_SIGN_IN_UNAVAILABLE',
        msg: 'Sign in with Google is not available right now. Please log in with your email instead.',
      });
      const landing = await openCallback(new CookieJar(), new URL('http://x/?code=a&state=b'), {
        apiUrl: api.apiUrl,
      });
      expect(landedOn(landing)).toBe('/login?google=failed');
    } finally {
      await api.stop();
    }
  });
});

describe('signing in with Google', () => {
  it('creates an active account with the 2 free tokens, then signs in to that same account', async () => {
    const email = newEmail('google-new');
    const subject = newSubject();
    const landing = await signInWithStandIn({ email, verified: true, subject });
    expect(landing.origin).toBe(stack().webUrl);
    expect(landing.pathname).toBe('/login_with_token');
    expect(landing.searchParams.get('lang')).toBe('en');

    // The exchange says the account is new, for the web app's welcome.
    const login = await linkLoginFrom(landing);
    expect(login).toMatchObject({ activated: true, signup_bonus: 2 });
    const token = login.access_token;
    const user = await me(token);
    expect(user).toMatchObject({ email, tokens_ltd: 2, has_password: false });
    expect(user.google_sign_in).toEqual({ email, linked_at: expect.any(Number) });
    const ledger = await callRoute('tokenLedger', { token });
    expect(ledger.body.entries.map((e) => [e.reason, e.amount])).toEqual([['signup_bonus', 2]]);
    // No activation email: Google vouched for the address.
    expect(await mailsTo(email)).toHaveLength(0);

    // Next time, the same Google account (even with another email at Google) is the same account.
    const again = await linkLoginFrom(
      await signInWithStandIn({ email: newEmail('google-renamed'), verified: true, subject }),
    );
    expect(again.activated).toBe(false);
    expect(await me(again.access_token)).toMatchObject({ email, tokens_ltd: 2 });
  });

  it('hands the web app a login token that works once, for 2 minutes, and never a session in the URL', async () => {
    const landing = await signInWithStandIn({ email: newEmail('google-token'), verified: true });
    const secret = landing.searchParams.get('token') as string;
    expect([...landing.searchParams.keys()].sort()).toEqual(['lang', 'token']);
    // Not a session token: the API refuses it as one.
    expect((await callRoute('userInfo', { token: secret })).status).toBe(401);
    const link = await createDocumentClient(stack().dynamoEndpoint).send(
      new GetCommand({
        TableName: stack().tableName,
        Key: { pk: `LINK#${cryptoIds.hashSecret(secret)}`, sk: 'LINK' },
      }),
    );
    const lifetime = (link.Item?.link_expires_at as number) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(110);
    expect(lifetime).toBeLessThanOrEqual(120);
    await sessionFrom(landing);
    expect((await callRoute('loginWithToken', { params: { token: secret } })).status).toBe(401);
  });
});

describe('a callback that is not the answer to this browser', () => {
  it("with a used code under a fresh attempt's state is refused by the provider: /login, no account", async () => {
    const email = newEmail('google-code-replay');
    const first = new CookieJar();
    const used = await answerStandIn(first, (await askForGoogle(first)).authUrl, { email, verified: true });
    const userId = (await me(await sessionFrom(await openCallback(first, used)))).email;
    expect(userId).toBe(email);

    const second = new CookieJar();
    const { authUrl } = await askForGoogle(second);
    const replay = new URL(used);
    replay.searchParams.set('state', authUrl.searchParams.get('state') as string);
    expect(landedOn(await openCallback(second, replay))).toBe('/login?google=failed');
  });

  it('after "Cancel" at Google ends on /login saying so', async () => {
    const jar = new CookieJar();
    const { authUrl } = await askForGoogle(jar, { lang: 'fr' });
    const callback = await answerStandIn(jar, authUrl, 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(landedOn(await openCallback(jar, callback))).toBe('/fr/login?google=cancelled');
  });
});
