// Login CSRF: a login token someone got for their own account must not sign another
// person's browser in to it. A Google sign-in's token works only in the browser that signed in (its
// sign-in cookie); an emailed link knows the browser that asked for it (the link cookie), and the web app
// asks "Sign in as j•••@example.com?" anywhere else, from a preview that uses nothing.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import {
  activatedUser,
  callRoute,
  linkOf,
  mailsTo,
  newClientIp,
  newEmail,
  randomSecret,
} from '../support/api.ts';
import {
  answerStandIn,
  askForGoogle,
  CookieJar,
  linkLoginFrom,
  openCallback,
} from '../support/google-sign-in.ts';

const LINK_COOKIE = /^aivatar_link=([\w-]{43}); Path=\/; Max-Age=900; HttpOnly; SameSite=Lax$/;

/** The emailed link's token in the newest mail to `email`. */
const newestLinkTo = async (email: string): Promise<string> => {
  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return linkOf(mail as never).token;
};

/** A browser asks for a login link (the login page's "Send me a login link"). */
async function askForLink(jar: CookieJar, email: string) {
  const res = await callRoute('sendLoginLink', { body: { email }, headers: { cookie: jar.header() } });
  expect(res.status).toBe(200);
  const setCookie = res.headers.getSetCookie();
  jar.keep(setCookie);
  return { setCookie, token: await newestLinkTo(email) };
}

const preview = (token: string, jar = new CookieJar(), ip?: string) =>
  callRoute('loginLinkPreview', {
    params: { token },
    headers: { cookie: jar.header() },
    ...(ip ? { ip } : {}),
  });

const redeem = (token: string, jar = new CookieJar()) =>
  callRoute('loginWithToken', { params: { token }, headers: { cookie: jar.header() } });

/** The masked address the preview shows: first character, bullets, the domain. */
const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf('@'))}`;

describe("a Google sign-in's login token", () => {
  async function signedInAtGoogle() {
    const jar = new CookieJar();
    const { authUrl } = await askForGoogle(jar);
    const email = newEmail('google-bound');
    const callback = await answerStandIn(jar, authUrl, { email, verified: true });
    const cookie = jar.get('aivatar_google') as string;
    const landing = await openCallback(jar, callback);
    expect(landing.pathname).toBe('/login_with_token');
    return { jar, cookie, email, token: landing.searchParams.get('token') as string, landing };
  }

  it('is refused in any other browser, and still works in its own', async () => {
    const { jar, email, token, landing } = await signedInAtGoogle();
    // A browser without the cookie (the victim someone sent the link to), or with another sign-in's.
    const victim = new CookieJar();
    await askForGoogle(victim);
    for (const elsewhere of [new CookieJar(), victim]) {
      const refused = await redeem(token, elsewhere);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('INVALID_LOGIN_LINK');
      expect((await preview(token, elsewhere)).status).toBe(401);
    }
    // Refused, not spent: the browser that signed in gets in, and the sign-in's cookie is done with.
    expect((await preview(token, jar)).body).toEqual({ email: masked(email), same_browser: true });
    const login = await linkLoginFrom(landing, { jar });
    expect(login.access_token).toBeTruthy();
    expect(jar.get('aivatar_google')).toBeUndefined();
  });

  it('is bound by the cookie that started the sign-in, kept for the 2 minutes of the token', async () => {
    const jar = new CookieJar();
    const { authUrl } = await askForGoogle(jar);
    const cookie = jar.get('aivatar_google') as string;
    const callback = await answerStandIn(jar, authUrl, { email: newEmail('google-cookie'), verified: true });
    const res = await callRoute('googleCallback', {
      query: Object.fromEntries(callback.searchParams),
      headers: { cookie: jar.header() },
    });
    expect(res.headers.getSetCookie()).toEqual([
      `aivatar_google=${cookie}; Path=/; Max-Age=120; HttpOnly; SameSite=Lax`,
    ]);
  });
});

describe('an emailed login link', () => {
  it('marks the browser that asked for it with an HttpOnly cookie, the same for every link it asks for', async () => {
    const { email } = await activatedUser();
    const jar = new CookieJar();
    const first = await askForLink(jar, email);
    expect(first.setCookie).toHaveLength(1);
    const secret = LINK_COOKIE.exec(first.setCookie[0] as string)?.[1];
    expect(secret).toBeTruthy();
    const second = await askForLink(jar, email);
    expect(second.setCookie[0]).toMatch(LINK_COOKIE);
    expect(jar.get('aivatar_link')).toBe(secret);
    for (const token of [first.token, second.token]) {
      expect((await preview(token, jar)).body).toEqual({ email: masked(email), same_browser: true });
    }
  });

  it('previews elsewhere as "whose link" only, uses nothing, and still signs in after a yes', async () => {
    const { email } = await activatedUser();
    const { token } = await askForLink(new CookieJar(), email);
    const phone = new CookieJar();
    for (let i = 0; i < 3; i++) {
      const seen = await preview(token, phone);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({ email: masked(email), same_browser: false });
    }
    // Another browser's marker is not this link's.
    const other = new CookieJar();
    await askForLink(other, (await activatedUser()).email);
    expect((await preview(token, other)).body.same_browser).toBe(false);
    // Cross-device still works: the person said yes, the page redeems.
    const login = await redeem(token, phone);
    expect(login.status).toBe(200);
    expect((await callRoute('userInfo', { token: login.body.access_token })).body.email).toBe(email);
    // Used now: neither preview nor redeem accept it.
    expect((await preview(token, phone)).status).toBe(401);
    expect((await redeem(token, phone)).status).toBe(401);
  });

  it('marks the browser that signed up: its activation link previews as asked here', async () => {
    const email = newEmail('signup-marked');
    const jar = new CookieJar();
    const res = await callRoute('signup', { body: { email, terms_accepted: true } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(LINK_COOKIE);
    jar.keep(res.headers.getSetCookie());
    const token = await newestLinkTo(email);
    expect((await preview(token, jar)).body).toEqual({ email: masked(email), same_browser: true });
    expect((await preview(token)).body.same_browser).toBe(false);
  });

  it('cannot be marked by another site: a request that is not JSON is refused and sets no cookie', async () => {
    const { email } = await activatedUser();
    // What a form or a no-cors fetch from another site can send without a CORS preflight.
    const res = await callRoute('sendLoginLink', {
      rawBody: JSON.stringify({ email }),
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await mailsTo(email)).toHaveLength(1); // the activation link only
  });

  it('answers 401 for an unknown or malformed token, and masks short addresses too', async () => {
    expect((await preview(randomSecret())).status).toBe(401);
    expect((await preview('short')).status).toBe(401);
    const email = `j-${newEmail('x').slice(2)}`;
    await activatedUser(email);
    const { token } = await askForLink(new CookieJar(), email);
    expect((await preview(token)).body.email).toBe(`j•••@${email.split('@')[1]}`);
  });

  it('previews are limited per client, with Retry-After; other clients go on', async () => {
    const { email } = await activatedUser();
    const { token } = await askForLink(new CookieJar(), email);
    const ip = newClientIp();
    const { limit } = DEFAULT_RATE_LIMITS.loginLinkPreviewPerClient;
    for (let i = 0; i < limit; i++) expect((await preview(token, undefined, ip)).status).toBe(200);
    const refused = await preview(token, undefined, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await preview(token, undefined, newClientIp())).status).toBe(200);
    // Still unused.
    expect((await redeem(token)).status).toBe(200);
  });
});
