// Spec section 8, "Login" and "Login link request": each message the login page can show, with its action,
// in English and in French.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  mailCount,
  signUpInactive,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { copy, LANGS } from './copy.ts';

for (const lang of LANGS) {
  const c = copy[lang];

  describeInBrowser(`login page messages (${lang})`, () => {
    const browser = useBrowser();

    async function openLogin(): Promise<Page> {
      const page = await browser.newPage();
      await page.goto(`${c.prefix}/login`);
      return page;
    }

    async function logIn(page: Page, email: string, password: string) {
      await page.getByLabel(c.email).fill(email);
      await page.getByLabel(c.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: c.logIn, exact: true }).click();
    }

    const alert = (page: Page) => page.getByRole('alert');

    test('no account with this email: Sign up leads to the signup page, email filled in', async () => {
      const page = await openLogin();
      const email = uniqueEmail('nobody');
      await logIn(page, email, 'whatever-password');
      await page.getByText(c.noAccount, { exact: true }).waitFor();
      await alert(page).getByRole('button', { name: c.signUpAction }).click();
      await waitForPath(page, `${c.prefix}/signup`);
      expect(await page.getByLabel(c.email).inputValue()).toBe(email);
    });

    test('wrong password', async () => {
      const email = uniqueEmail('wrong-pw');
      await createAccount(email, { password: 'the-right-password' });
      const page = await openLogin();
      await logIn(page, email, 'not-the-right-one');
      await page.getByText(c.wrongPassword, { exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });

    test('account not activated: "Send new activation link" emails a new link', async () => {
      const email = uniqueEmail('inactive');
      await signUpInactive(email, lang);
      await waitForMail(email);
      const page = await openLogin();
      await logIn(page, email, 'any-password');
      await page.getByText(c.notActivated, { exact: true }).waitFor();
      await alert(page).getByRole('button', { name: c.resendActivation }).click();
      // It says what was sent: an activation link, not a login link.
      await page.getByText(c.activationSent(email), { exact: true }).waitFor();
      const mail = await waitForMail(email, { count: 2 });
      expect(mail.subject).toBe(c.activationSubject);
    });

    test('an account without a password: its own message, and a login link from it', async () => {
      const email = uniqueEmail('no-password');
      await createAccount(email);
      const page = await openLogin();
      await logIn(page, email, 'a-password-never-set');
      await page.getByText(c.passwordNotSet, { exact: true }).waitFor();
      expect(await page.getByText(c.wrongPassword).count()).toBe(0);
      await alert(page).getByRole('button', { name: c.sendLink }).click();
      await page.getByText(c.linkSent(email), { exact: true }).waitFor();
      const mail = await waitForMail(email, { count: 2 });
      expect(mail.subject).toBe(c.loginLinkSubject);
    });

    test('a server message the page has no text for: the English page shows it, the French page its own fallback', async () => {
      const page = await openLogin();
      const answer = { status: 422, json: { msg: 'Something new went wrong.', code: 'SOMETHING_NEW' } };
      await page.route('**/login', (route) =>
        route.request().method() === 'POST' ? route.fulfill(answer) : route.fallback(),
      );
      await page.route('**/send_login_link', (route) => route.fulfill(answer));
      const email = uniqueEmail('unknown-code');
      await logIn(page, email, 'any-password');
      const expected = lang === 'en' ? 'Something new went wrong.' : c.loginGeneric;
      await page.getByText(expected, { exact: true }).waitFor();
      await page.getByRole('button', { name: c.sendLink }).click();
      await alert(page)
        .getByText(lang === 'en' ? 'Something new went wrong.' : c.linkGeneric, { exact: true })
        .waitFor();
      if (lang === 'fr') expect(await page.getByText('Something new went wrong.').count()).toBe(0);
    });

    test('a code the page knows is shown in the language of the page', async () => {
      const page = await openLogin();
      await page.route('**/send_login_link', (route) =>
        route.fulfill({
          status: 429,
          json: { msg: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' },
        }),
      );
      await page.getByLabel(c.email).fill(uniqueEmail('limited'));
      await page.getByRole('button', { name: c.sendLink }).click();
      await alert(page).getByText(c.tooManyAttempts, { exact: true }).waitFor();
    });

    test('server error on login', async () => {
      const page = await openLogin();
      await page.route('**/login', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, json: { msg: 'Server error', code: 'SERVER_ERROR' } })
          : route.fallback(),
      );
      await logIn(page, uniqueEmail('server-error'), 'any-password');
      await page.getByText(c.loginServerError, { exact: true }).waitFor();
    });

    test('login link with no email typed', async () => {
      const page = await openLogin();
      await page.getByRole('button', { name: c.sendLink }).click();
      await page.getByText(c.linkEmptyEmail, { exact: true }).waitFor();
    });

    test('login link for an unknown email: Sign up action', async () => {
      const page = await openLogin();
      const email = uniqueEmail('nobody-link');
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('button', { name: c.sendLink }).click();
      await page.getByText(c.linkNoAccount, { exact: true }).waitFor();
      expect(await mailCount(email)).toBe(0);
      await alert(page).getByRole('button', { name: c.signUpAction }).click();
      await waitForPath(page, `${c.prefix}/signup`);
    });

    test('login link sent, in the language of the page', async () => {
      const email = uniqueEmail('link');
      await createAccount(email);
      const page = await openLogin();
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('button', { name: c.sendLink }).click();
      await page.getByText(c.linkSent(email), { exact: true }).waitFor();
      const mail = await waitForMail(email, { count: 2 });
      expect(mail.subject).toBe(c.loginLinkSubject);
    });
  });
}
