// The whole way in, in each language: sign up, activate from the emailed link, land signed in, set a
// password, log out, log back in with it.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  describeInBrowser,
  loginLinkIn,
  pathOf,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { copy, LANGS } from './copy.ts';

const PASSWORD = 'a-long-enough-secret';

async function expectAccountPage(page: Page, email: string, c: (typeof copy)[keyof typeof copy] = copy.en) {
  await waitForPath(page, `${c.prefix}/app/account`);
  await page.getByRole('heading', { name: c.accountHeading, level: 1 }).waitFor();
  expect(await page.getByTestId('account-email').textContent()).toBe(email);
}

describeInBrowser('sign up, activate, set a password, log out and in again', () => {
  const browser = useBrowser();

  for (const lang of LANGS) {
    const c = copy[lang];
    test(`in ${lang === 'en' ? 'English' : 'French'}`, async () => {
      const page = await browser.newPage();
      const email = uniqueEmail(`journey-${lang}`);

      await page.goto(`${c.prefix}/signup`);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page.getByText(c.signupSuccess, { exact: true }).waitFor();

      // The activation email, in the language of the signup page.
      const mail = await waitForMail(email);
      expect(mail.subject).toBe(c.activationSubject);
      await page.goto(pathOf(loginLinkIn(mail)));
      await page.getByRole('heading', { name: 'Login Successful' }).waitFor();

      // Signed in: the account page, the 2 free tokens and the ledger entry that explains them.
      await expectAccountPage(page, email);
      expect(await page.getByTestId('account-balance').textContent()).toBe('2');
      expect(await page.getByTestId('token-balance').textContent()).toBe('2 tokens');
      const bonus = page.locator('tr[data-reason="signup_bonus"]');
      await bonus.waitFor();
      expect(await bonus.count()).toBe(1);
      expect(await bonus.textContent()).toContain('Welcome bonus');
      expect(await bonus.textContent()).toContain('+2');

      // No password yet: set one (no current password asked).
      await page.getByRole('heading', { name: 'Set a password' }).waitFor();
      expect(await page.getByLabel('Current password').count()).toBe(0);
      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm new password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Your password has been set.', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Change your password' }).waitFor();
      await page.getByLabel('Current password').waitFor();

      // Log out: the session is gone and the home page shows.
      await page.getByRole('button', { name: 'Log out' }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: copy.en.homeHeading }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // Log in with the new password, in the page's language.
      await page.goto(`${c.prefix}/login`);
      await page.getByLabel(c.email).fill(email);
      await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: c.logIn, exact: true }).click();
      await page.getByText(c.loginSuccess, { exact: true }).waitFor();
      // The app opens in the language the user logged in with.
      await expectAccountPage(page, email, c);
    });
  }
});
