// "Continue with Google" clicked through in Chromium, against the local stand-in for Google (a real OpenID
// provider): the button, the provider's form, the callback, /login_with_token, the app, the account page.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { appHomePath, pagePath } from '../../shared/web-routes.ts';
import {
  createAccount,
  describeInBrowser,
  type Lang,
  PHONE,
  pathNow,
  stack,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';
import { tokenPage, waitForEnglishTokenPage } from './token-page.ts';

const BUTTON = { en: 'Continue with Google', fr: 'Continuer avec Google' };

/** At the stand-in: says who signs in (or cancels). */
async function answerAtGoogle(page: Page, answer: { email: string; verified: boolean } | 'cancel') {
  await page.waitForURL((url) => url.origin === new URL(stack().googleIssuer).origin);
  await page.getByText('Local stand-in for Google').waitFor();
  if (answer === 'cancel') return page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Email', { exact: true }).fill(answer.email);
  await page.getByLabel(answer.verified ? 'Yes' : 'No').check();
  await page.getByLabel(/Google account ID/).fill(`g-${randomUUID()}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describeInBrowser('Sign in with Google', () => {
  const browser = useBrowser();

  test.each(['en', 'fr'] as Lang[])(
    '%s: the button signs a new person in, and the account page shows Google as a sign-in method',
    async (lang) => {
      const email = uniqueEmail(`google-${lang}`);
      const page = await browser.newPage();
      await page.goto(pagePath('login', lang));
      await page.getByRole('button', { name: BUTTON[lang] }).click();
      await answerAtGoogle(page, { email, verified: true });

      // Back through /login_with_token (English only; its `lang` says where next), then into the app.
      // This browser started the sign-in: no "Sign in as …?".
      await page.waitForURL((url) => url.pathname === '/login_with_token');
      expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);
      await waitForEnglishTokenPage(page, tokenPage.success);
      await waitForPath(page, appHomePath(lang));
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      // The single-use token is not left in the history entry.
      expect(pathNow(page)).not.toContain('token=');

      // A new account is welcomed with its free tokens on the app's first screen, as after an activation link.
      const welcome = {
        en: 'Welcome to Aivatar! Your account is active.',
        fr: 'Bienvenue sur Aivatar ! Votre compte est activé.',
      }[lang];
      await page.getByText(welcome, { exact: true }).waitFor();
      await page.getByRole('link', { name: { en: 'Account', fr: 'Mon compte' }[lang] }).click();
      await waitForPath(page, pagePath('appAccount', lang));
      await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
      const withGoogle = { en: 'With the Google account', fr: 'Avec le compte Google' }[lang];
      await page
        .getByTestId('google-sign-in')
        .filter({ hasText: `${withGoogle} ${email}` })
        .waitFor();
    },
  );

  test('from the sign-up page too, an existing account is linked and signed in (phone)', async () => {
    const email = uniqueEmail('google-signup');
    await createAccount(email, { lang: 'fr' });
    const page = await browser.newPage(PHONE);
    await page.goto(pagePath('signup', 'fr'));
    await page.getByRole('button', { name: BUTTON.fr }).click();
    await answerAtGoogle(page, { email, verified: true });
    await waitForPath(page, appHomePath('fr'));
    await page.goto(pagePath('appAccount', 'fr'));
    await page.getByTestId('google-sign-in').filter({ hasText: email }).waitFor();
  });

  test.each([
    ['en', 'Google has not confirmed that this email address is yours'],
    ['fr', "Google n'a pas confirmé que cette adresse e-mail vous appartient"],
  ] as [Lang, string][])(
    '%s: an email Google has not verified lands back on the login page, saying why',
    async (lang, message) => {
      const page = await browser.newPage();
      await page.goto(pagePath('login', lang));
      await page.getByRole('button', { name: BUTTON[lang] }).click();
      await answerAtGoogle(page, { email: uniqueEmail('google-unverified'), verified: false });
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      // Said once: the reason leaves the address bar.
      await waitForPath(page, pagePath('login', lang));
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    },
  );

  test('the stand-in lets the tester sign in as someone else next, in the same browser', async () => {
    const page = await browser.newPage();
    for (const who of [uniqueEmail('google-first'), uniqueEmail('google-second')]) {
      await page.goto(pagePath('login', 'en'));
      await page.getByRole('button', { name: BUTTON.en }).click();
      await answerAtGoogle(page, { email: who, verified: true });
      await waitForPath(page, appHomePath('en'));
      await page.getByText(who, { exact: true }).first().waitFor();
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('cancelling at Google comes back to the login page saying so', async () => {
    const page = await browser.newPage();
    await page.goto(pagePath('login', 'en'));
    await page.getByRole('button', { name: BUTTON.en }).click();
    await answerAtGoogle(page, 'cancel');
    await page.getByRole('status').filter({ hasText: 'Sign in with Google was cancelled.' }).waitFor();
    await waitForPath(page, '/login');
  });
});
