// "Sign in with Google" the way a browser does it, over real HTTP: the web app's call to googleLogin (with
// credentials), the provider's pages, and the callback, carrying cookies like a browser on localhost
// (cookies ignore ports, so the API's and the provider's share one jar). The provider is the local
// stand-in (infra/local/google-stand-in.ts) or, for the ID-token checks, tests/support/fake-openid-provider.ts.
import { callRoute } from './api.ts';

interface Cookie {
  value: string;
  path: string;
}

/** A browser's cookie jar for localhost: Path honoured, Max-Age=0 deletes. */
export class CookieJar {
  private readonly cookies = new Map<string, Cookie>();

  /** Keeps the cookies of one response's Set-Cookie lines. */
  keep(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const attribute = (n: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${n}=`))?.slice(n.length + 1);
      if (attribute('max-age') === '0') this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(eq + 1), path: attribute('path') ?? '/' });
    }
  }

  header(path = '/'): string {
    return [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string): void {
    this.cookies.set(name, { value, path: '/' });
  }
}

/** The web app's "Continue with Google" call: answers the provider's URL and sets the browser's cookie. */
export async function askForGoogle(jar: CookieJar, o: { lang?: 'en' | 'fr'; apiUrl?: string } = {}) {
  const res = await callRoute('googleLogin', {
    headers: { cookie: jar.header() },
    ...(o.lang ? { query: { lang: o.lang } } : {}),
    ...(o.apiUrl ? { apiUrl: o.apiUrl } : {}),
  });
  if (res.status !== 200) throw new Error(`googleLogin answered ${res.status}: ${JSON.stringify(res.body)}`);
  jar.keep(res.headers.getSetCookie());
  return { authUrl: new URL(res.body.auth_url), setCookie: res.headers.getSetCookie() };
}

/** A navigation to `url` with the jar's cookies, not following redirects. */
async function visit(jar: CookieJar, url: URL, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url.pathname) },
  });
  jar.keep(res.headers.getSetCookie());
  return res;
}

const locationOf = (res: Response, base: URL): URL => {
  const location = res.headers.get('location');
  if (!location) throw new Error(`${base.href} answered ${res.status} without a Location`);
  return new URL(location, base);
};

export interface StandInPerson {
  email: string;
  verified: boolean;
  /** Google's account id; empty: the stand-in derives one from the email */
  subject?: string;
}

/** Follows the provider's redirects until it sends the browser to our callback; returns that URL. */
async function followToCallback(jar: CookieJar, start: URL, callbackPath: string): Promise<URL> {
  let url = start;
  for (let hops = 0; hops < 10; hops++) {
    if (url.pathname === callbackPath) return url;
    const res = await visit(jar, url);
    if (res.status < 300 || res.status >= 400) {
      throw new Error(`${url.href} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
    url = locationOf(res, url);
  }
  throw new Error('too many redirects on the way back from the provider');
}

/** Fills the stand-in's sign-in form ("Sign in" or "Cancel"); returns the callback URL it sends the browser to. */
export async function answerStandIn(
  jar: CookieJar,
  authUrl: URL,
  answer: StandInPerson | 'cancel',
): Promise<URL> {
  const redirectUri = new URL(authUrl.searchParams.get('redirect_uri') as string);
  const start = await visit(jar, authUrl);
  const form = locationOf(start, authUrl);
  const page = await visit(jar, form);
  const html = await page.text();
  if (!html.includes('Local stand-in for Google'))
    throw new Error(`not the stand-in's form: ${html.slice(0, 200)}`);
  const body =
    answer === 'cancel'
      ? ''
      : new URLSearchParams({
          email: answer.email,
          email_verified: answer.verified ? 'yes' : 'no',
          subject: answer.subject ?? '',
        }).toString();
  const submitted = await visit(
    jar,
    new URL(`${form.pathname}/${answer === 'cancel' ? 'cancel' : 'login'}`, form),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    },
  );
  return followToCallback(jar, locationOf(submitted, form), redirectUri.pathname);
}

/** The browser each landing of openCallback happened in: its login token works only with that jar. */
const browserOf = new WeakMap<URL, CookieJar>();

/** The provider sends the browser to our callback: where does the API send it next? */
export async function openCallback(jar: CookieJar, callback: URL, o: { apiUrl?: string } = {}): Promise<URL> {
  const res = await callRoute('googleCallback', {
    query: Object.fromEntries(callback.searchParams),
    headers: { cookie: jar.header(callback.pathname) },
    ...(o.apiUrl ? { apiUrl: o.apiUrl } : {}),
  });
  jar.keep(res.headers.getSetCookie());
  const landing = new URL(res.headers.get('location') as string);
  browserOf.set(landing, jar);
  return landing;
}

/** The whole button flow with the local stand-in, in a fresh browser; returns where it lands. */
export async function signInWithStandIn(person: StandInPerson, o: { lang?: 'en' | 'fr' } = {}): Promise<URL> {
  const jar = new CookieJar();
  const { authUrl } = await askForGoogle(jar, o);
  return openCallback(jar, await answerStandIn(jar, authUrl, person));
}

/**
 * Opens the single-use login token the callback handed over, as the /login_with_token page does: in the
 * browser that landed there (its cookie binds the token), or in `jar`.
 */
export async function linkLoginFrom(landing: URL, o: { apiUrl?: string; jar?: CookieJar } = {}) {
  const token = landing.searchParams.get('token');
  if (landing.pathname !== '/login_with_token' || !token) {
    throw new Error(`not signed in: landed on ${landing.href}`);
  }
  const jar = o.jar ?? browserOf.get(landing) ?? new CookieJar();
  const res = await callRoute('loginWithToken', {
    params: { token },
    headers: { cookie: jar.header() },
    ...(o.apiUrl ? { apiUrl: o.apiUrl } : {}),
  });
  if (res.status !== 200) throw new Error(`the login token was refused with ${res.status}`);
  jar.keep(res.headers.getSetCookie());
  return res.body;
}

/** The session the callback's login token opens. */
export const sessionFrom = async (landing: URL, o: { apiUrl?: string } = {}): Promise<string> =>
  (await linkLoginFrom(landing, o)).access_token;
