// Spec sections 2 and 4: the route table's redirects, the session rules (401 anywhere ends it), the
// language from the path, the app navbar, toasts and scrolling.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiRoutes } from '../../shared/api-routes.ts';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  pathNow,
  serveInBrowser,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';
import { copy } from './copy.ts';

describeInBrowser('routes and session', () => {
  const browser = useBrowser();

  test('signed out: /app pages lead to /login, unknown paths to /', async () => {
    const page = await browser.newPage();
    for (const path of ['/app', '/app/account', '/app/unknown']) {
      await page.goto(path);
      await waitForPath(page, '/login');
    }
    for (const path of ['/fr/app', '/fr/app/account']) {
      await page.goto(path);
      await waitForPath(page, '/fr/login');
    }
    for (const path of ['/nowhere', '/create']) {
      await page.goto(path);
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: copy.en.homeHeading }).waitFor();
    }
    // An unknown French path leads to the French home page.
    await page.goto('/fr/nowhere/deeper');
    await waitForPath(page, '/fr');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  });

  test('signed in: /app and unknown /app paths lead to the app home; guest pages and / to /app', async () => {
    const email = uniqueEmail('routes');
    const { token } = await createAccount(email);
    const page = await browser.newPage();
    await openSignedIn(page, token, '/app');
    await waitForPath(page, '/app/create');
    for (const path of ['/app/unknown', '/login', '/signup', '/', '/nowhere']) {
      await page.goto(path);
      await waitForPath(page, '/app/create');
    }
    // In French, the same rules lead to the French app.
    for (const path of ['/fr/app', '/fr/app/unknown', '/fr/login', '/fr/signup', '/fr', '/fr/create']) {
      await page.goto(path);
      await waitForPath(page, '/fr/app/create');
    }
    await page.getByRole('heading', { name: copy.fr.createHeading, level: 1 }).waitFor();
    await page.goto('/login_with_token?token=whatever');
    await waitForPath(page, '/app/create');
    // The emailed link of a French user leads to the French app.
    await page.goto('/login_with_token?token=whatever&lang=fr');
    await waitForPath(page, '/fr/app/create');
    await page.goto('/login_with_token?token=whatever&lang=xx');
    await waitForPath(page, '/app/create');
    await page.getByText(email, { exact: true }).first().waitFor();
  });

  test('a session the API refuses (401) is cleared and the browser goes to /login', async () => {
    const page = await browser.newPage();
    await openSignedIn(page, 'corrupted.session.token', '/app/account');
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in to Aivatar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the app navbar: built pages only, email, token balance; no Subscription without a customer id', async () => {
    const email = uniqueEmail('navbar');
    const { token } = await createAccount(email);
    const page = await browser.newPage();
    await openSignedIn(page, token, '/app/account');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Account' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Create Avatar',
      'Manage Photos',
      'My Avatars',
      'Account',
    ]);
    await page.getByText(email, { exact: true }).first().waitFor();
    expect(await page.getByTestId('token-balance').textContent()).toBe('2 tokens');
    expect(await page.getByRole('button', { name: 'Subscription' }).count()).toBe(0);
  });

  test('Subscription (with a customer id): shown once the dashboard route is served; a failure shows a toast, which closes', async () => {
    const email = uniqueEmail('subscription');
    const { token } = await createAccount(email);
    const withCustomerId = async (page: Page) =>
      page.route('**/user_info', async (route) => {
        const res = await route.fetch();
        await route.fulfill({
          response: res,
          json: { ...(await res.json()), stripe_customer_id: 'cus_test' },
        });
      });
    // As the route table says: no button for a dashboard the API does not serve.
    const closed = await browser.newPage();
    await withCustomerId(closed);
    await openSignedIn(closed, token, '/app/account');
    await closed.getByTestId('token-balance').getByText('2 tokens').waitFor();
    expect(await closed.getByRole('button', { name: 'Subscription' }).count()).toBe(
      apiRoutes.billingDashboard.served ? 1 : 0,
    );
    await closed.context().close();

    // Once served (the billing group comes later: only the customer id is made up, the dashboard call is real).
    const page = await browser.newPage();
    await serveInBrowser(page, ['billingDashboard']);
    await withCustomerId(page);
    await openSignedIn(page, token, '/app/account');
    await page.getByRole('button', { name: 'Subscription' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Failed to open subscription management dashboard.', { exact: true }).waitFor();
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'detached' });
    expect(pathNow(page)).toBe('/app/account');
  });

  test('language: /fr is French, the flags switch with a full page load', async () => {
    const page = await browser.newPage();
    await page.goto('/fr');
    await page.getByRole('heading', { name: copy.fr.homeHeading }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.goto('/login');
    const marker = await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      return true;
    });
    expect(marker).toBe(true);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /FR/ }).click();
    await waitForPath(page, '/fr/login');
    await page.getByRole('heading', { name: 'Connexion à Aivatar' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();

    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: /EN/ }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in to Aivatar' }).waitFor();
  });

  test('a screen that fails to load shows the error fallback, and the rest of the app still works', async () => {
    const page = await browser.newPage();
    await page.route('**/assets/signup-page-*.js', (route) => route.abort('failed'));
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Log in to Aivatar' }).waitFor();
  });

  test('each new page starts at the top; the phone menu locks scrolling while open', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { name: copy.en.homeHeading }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/signup');
    // The URL changes before the new screen is committed; the reset belongs to the new screen.
    await page.getByRole('button', { name: 'Request activation email' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    await page.waitForFunction(() => getComputedStyle(document.body).overflow !== 'hidden');
  });
});
