// Headless Chromium for the browser tests (playwright-core driving Debian's chromium), plus helpers that
// talk to the shared local stack: the mail outbox and quick account set-up through the API.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest';
import { apiRoutes } from '#shared/api-routes.ts';
import { type Mail, mailsTo } from './api.ts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './chromium.ts';
import { createLocalAccount, newClientIp } from './local-account.ts';

const INSTALL_HINT = `Chromium not found at ${TEST_CHROMIUM_PATH}: apt-get install -y chromium-headless-shell`;
export const hasChromium = existsSync(TEST_CHROMIUM_PATH);
if (!hasChromium) {
  // CI must run these tests; a developer's machine may skip them, but not quietly.
  if (process.env.CI) throw new Error(INSTALL_HINT);
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n!! SKIPPING THE BROWSER TESTS. ${INSTALL_HINT}\n${bar}\n`);
}

/** `describe` for browser suites: skipped (loudly, above) when Chromium is missing outside CI. */
export const describeInBrowser = describe.skipIf(!hasChromium);

export const stack = () => inject('stack');

export type Lang = 'en' | 'fr';
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** The wide desktop of the layout checks and screenshots. */
export const WIDE = { width: 1440, height: 900 };
/**
 * Where a flow runs when its screens' fit is checked at every width in both languages elsewhere (layout-fit,
 * page-frames, navbar-fit): each language once and each width once, English on the wide desktop and French
 * (the longer words) on the phone.
 */
export const FLOW_PAIRS = [
  { lang: 'en', viewport: WIDE },
  { lang: 'fr', viewport: PHONE },
] as const satisfies readonly { lang: Lang; viewport: { width: number; height: number } }[];

/** A fresh address per test, so per-email rate limits and existing accounts never get in the way. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.test`;
}

/** The routes whose limits count per client address (functions/accounts/domain/rate-limits.ts). */
const PER_CLIENT_ROUTES = [
  'signup',
  'login',
  'sendLoginLink',
  'loginLinkPreview',
  'googleLogin',
  'joinPreview',
] as const;

/**
 * The worker's Chromium: the browser files share their worker's modules (vitest.config.ts), so one launch
 * serves every file the worker runs (about 0.3 s of CPU and of wall time each), started again if it died.
 * Playwright closes it when the worker's process exits.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return workerBrowser;
}

/**
 * The worker's Chromium, and a new context (cookies, storage, cache) per test: nothing a test does in the
 * browser reaches the next. Uncaught page errors fail the test that caused them.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    const errors = pageErrors;
    pageErrors = [];
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    // The browser outlives the file: close what the file's own hooks opened after its last test.
    await context?.close();
    context = undefined;
  });

  return {
    /** With `locale`, a browser of that language (navigator.languages, Accept-Language). */
    async newPage(viewport = DESKTOP, { locale }: { locale?: string } = {}): Promise<Page> {
      if (!browser) throw new Error('The browser is not started');
      const { webUrl, apiUrl } = stack();
      context = await browser.newContext({ baseURL: webUrl, viewport, ...(locale ? { locale } : {}) });
      // A client address of its own for the routes limited per client (rate-limits.ts), so that one test's
      // sign-ups never count against another's. Added by interception rather than extraHTTPHeaders, which
      // would make CORS preflights fail; on those routes only: Chromium then hands Playwright only their
      // requests (each intercepted request costs about 10 ms of CPU between Chromium and this process).
      const address = newClientIp();
      for (const id of PER_CLIENT_ROUTES) {
        const path = apiRoutes[id].path.replace(/\{[^}]+\}/g, '*');
        await context.route(`${apiUrl}${path}*`, (route) =>
          route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
        );
      }
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (e) => pageErrors.push(e.message));
      return page;
    },
  };
}

// ---- The local stack, from the test process ----

/** An email in the local outbox, as GET /_local/mail answers it. */
export type OutboxMail = Mail;

/** Waits for the newest email to `to` (optionally the n-th one), failing after 10 s. */
export async function waitForMail(to: string, { count = 1 } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mine = await mailsTo(to);
    if (mine.length >= count) return mine[0] as OutboxMail;
    if (Date.now() > deadline)
      throw new Error(`No email #${count} to ${to} within 10 s (got ${mine.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const mailCount = async (to: string): Promise<number> => (await mailsTo(to)).length;

/** The /login_with_token?token=...&lang=... link an email carries. */
export function loginLinkIn(mail: OutboxMail): string {
  // The whole query: the language, and the page to return to, percent-encoded (docs/product.md, step 1).
  const link = /https?:\/\/\S+\/login_with_token\?token=[\w-]+(&[\w=%.~-]+)*/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No login link in "${mail.subject}"`);
  return link;
}

/**
 * The emailed link with the language of the email in its `lang` query, as the server writes it; added here
 * when the link has none (a server from before `lang` was added).
 */
export function withLanguage(link: string, lang: Lang): string {
  const url = new URL(link);
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', lang);
  return url.toString();
}

/** The same link, as a path on the web app (the emails use the stack's public web URL). */
export const pathOf = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Signs up through the API; the account stays inactive until its emailed link is opened. */
export async function signUpInactive(email: string, lang: Lang = 'en'): Promise<void> {
  const res = await fetch(`${stack().apiUrl}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientIp() },
    body: JSON.stringify({ email, terms_accepted: true, lang }),
  });
  if (!res.ok) throw new Error(`POST /signup answered ${res.status}: ${await res.text()}`);
}

/** An activated account, and a session token for it. With `password`, the account has one. */
export async function createAccount(
  email: string,
  options: { password?: string; lang?: Lang } = {},
): Promise<{ token: string }> {
  return { token: await createLocalAccount(stack(), email, options) };
}

/** Opens the app with a stored session, as if the user had logged in earlier. */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

/** Resolves once the page's path (and query) is `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
}

export const pathNow = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
