// Spec section 8, "Token login": the emailed link's landing page (English only), its three states and
// its messages.
import { expect, test } from 'vitest';
import {
  describeInBrowser,
  loginLinkIn,
  pathOf,
  signUpInactive,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';

const UNKNOWN_TOKEN = 'A'.repeat(43);

describeInBrowser('login link page', () => {
  const browser = useBrowser();

  test('no token: the error at once, and Back to login', async () => {
    const page = await browser.newPage();
    await page.goto('/login_with_token');
    await page.getByRole('heading', { name: 'Login Error' }).waitFor();
    await page
      .getByText('No login token provided. Please check your email link or request a new one.', {
        exact: true,
      })
      .waitFor();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await waitForPath(page, '/login');
  });

  test('unknown token', async () => {
    const page = await browser.newPage();
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}`);
    await page
      .getByText('Invalid or expired login link. Please request a new one.', { exact: true })
      .waitFor();
  });

  test('a link works once', async () => {
    const email = uniqueEmail('once');
    await signUpInactive(email);
    const link = pathOf(loginLinkIn(await waitForMail(email)));
    const page = await browser.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
    await waitForPath(page, '/app/account');

    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByRole('heading', { name: 'Login Error' }).waitFor();
    await page
      .getByText('Invalid or expired login link. Please request a new one.', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('server error', async () => {
    const page = await browser.newPage();
    await page.route('**/login_with_token/*', (route) =>
      route.fulfill({ status: 500, json: { msg: 'Server error', code: 'SERVER_ERROR' } }),
    );
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}`);
    await page
      .getByText('Server error. Please try again later or contact support.', { exact: true })
      .waitFor();
  });

  test('no answer from the API', async () => {
    const page = await browser.newPage();
    await page.route('**/login_with_token/*', (route) => route.abort('connectionrefused'));
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}`);
    await page
      .getByText('Network error. Please check your connection and try again.', { exact: true })
      .waitFor();
  });
});
