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
  withLanguage,
} from '../support/browser.ts';
import { copy, LANGS } from './copy.ts';
import { tokenPage, waitForEnglishTokenPage } from './token-page.ts';

const PASSWORD = 'a-long-enough-secret';

// The account screen and the welcome, in each language (written out: a changed string fails the test).
const ACCOUNT = {
  en: {
    tokens: '2 tokens',
    welcomeTitle: 'Welcome to Aivatar! Your account is active.',
    welcomeTokens: 'Your 2 free tokens are ready to use.',
    welcomeNext: 'Next step: upload 2 to 5 selfies, then pick your styles.',
    welcomeUpload: 'Upload my photos',
    closeWelcome: 'Close the welcome message',
    bonus: 'Welcome bonus',
    setTitle: 'Set a password',
    changeTitle: 'Change your password',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm new password',
    submitSet: 'Set password',
    done: 'Your password has been set.',
    logout: 'Log out',
  },
  fr: {
    tokens: '2 jetons',
    welcomeTitle: 'Bienvenue sur Aivatar ! Votre compte est activé.',
    welcomeTokens: 'Vos 2 jetons offerts vous attendent.',
    welcomeNext: 'Prochaine étape : importez 2 à 5 selfies, puis choisissez vos styles.',
    welcomeUpload: 'Importer mes photos',
    closeWelcome: 'Fermer le message de bienvenue',
    bonus: 'Bonus de bienvenue',
    setTitle: 'Définir un mot de passe',
    changeTitle: 'Modifier votre mot de passe',
    current: 'Mot de passe actuel',
    next: 'Nouveau mot de passe',
    confirm: 'Confirmez le nouveau mot de passe',
    submitSet: 'Définir le mot de passe',
    done: 'Votre mot de passe a été défini.',
    logout: 'Se déconnecter',
  },
} as const;

async function expectAccountPage(page: Page, email: string, c: (typeof copy)[keyof typeof copy]) {
  await waitForPath(page, `${c.prefix}/app/account`);
  await page.getByRole('heading', { name: c.accountHeading, level: 1 }).waitFor();
  expect(await page.getByTestId('account-email').textContent()).toBe(email);
}

/** Signing in leads to /app, whose home is Create Your Avatar. */
async function expectCreatePage(page: Page, c: (typeof copy)[keyof typeof copy]) {
  await waitForPath(page, `${c.prefix}/app/create`);
  await page.getByRole('heading', { name: c.createHeading, level: 1 }).waitFor();
}

describeInBrowser('sign up, activate, set a password, log out and in again', () => {
  const browser = useBrowser();

  for (const lang of LANGS) {
    const c = copy[lang];
    const a = ACCOUNT[lang];
    test(`in ${lang === 'en' ? 'English' : 'French'}`, async () => {
      const page = await browser.newPage();
      const email = uniqueEmail(`journey-${lang}`);

      await page.goto(`${c.prefix}/signup`);
      // The sign-up page is not prerendered: the app names the page's language once it has started.
      await page.getByLabel(c.email).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page.getByText(c.signupSuccess, { exact: true }).waitFor();

      // The activation email, in the language of the signup page; its link carries that language.
      const mail = await waitForMail(email);
      expect(mail.subject).toBe(c.activationSubject);
      await page.goto(pathOf(withLanguage(loginLinkIn(mail), lang)));
      // This browser asked for the link: it signs in at once (no "Sign in as …?"). The link's page itself is
      // English only (spec section 2); the email's language decides the next page.
      await waitForEnglishTokenPage(page, tokenPage.success);

      // Signed in, in the language of the email: the app's home, Create Your Avatar, welcomes the new user
      // with the 2 free tokens and the next step, once.
      await expectCreatePage(page, c);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      const welcome = page.getByTestId('welcome');
      await welcome.getByRole('heading', { name: a.welcomeTitle }).waitFor();
      await welcome.getByText(a.welcomeTokens, { exact: true }).waitFor();
      await welcome.getByText(a.welcomeNext, { exact: true }).waitFor();
      // Manage Photos is built: the welcome leads there.
      expect(await welcome.getByRole('link', { name: a.welcomeUpload }).getAttribute('href')).toBe(
        `${c.prefix}/app/upload`,
      );
      expect(await page.getByTestId('token-balance').textContent()).toBe(a.tokens);
      await welcome.getByRole('button', { name: a.closeWelcome }).click();
      await welcome.waitFor({ state: 'detached' });
      // Gone for good: not back after a reload.
      await page.reload();
      await page.getByTestId('style-card').first().waitFor();
      expect(await welcome.count()).toBe(0);

      // The account page, from the navbar: the balance and the signup bonus in the history.
      await page
        .getByRole('navigation', { name: c.navMain })
        .getByRole('link', { name: c.accountHeading })
        .click();
      await expectAccountPage(page, email, c);
      expect(await welcome.count()).toBe(0);
      expect(await page.getByTestId('account-balance').textContent()).toBe('2');
      const bonus = page.locator('tr[data-reason="signup_bonus"]');
      await bonus.waitFor();
      expect(await bonus.count()).toBe(1);
      expect(await bonus.textContent()).toContain(a.bonus);
      expect(await bonus.textContent()).toContain('+2');

      // No password yet: set one (no current password asked).
      await page.getByRole('heading', { name: a.setTitle }).waitFor();
      expect(await page.getByLabel(a.current).count()).toBe(0);
      await page.getByLabel(a.next, { exact: true }).fill(PASSWORD);
      await page.getByLabel(a.confirm).fill(PASSWORD);
      await page.getByRole('button', { name: a.submitSet }).click();
      await page.getByText(a.done, { exact: true }).waitFor();
      await page.getByRole('heading', { name: a.changeTitle }).waitFor();
      await page.getByLabel(a.current).waitFor();

      // Log out: the session is gone and the home page shows, in the same language.
      await page.getByRole('button', { name: a.logout }).click();
      await waitForPath(page, c.prefix || '/');
      await page.getByRole('heading', { name: c.homeHeading }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // Log in with the new password, in the page's language.
      await page.goto(`${c.prefix}/login`);
      await page.getByLabel(c.email).fill(email);
      await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: c.logIn, exact: true }).click();
      await page.getByText(c.loginSuccess, { exact: true }).waitFor();
      // The app opens in the language the user logged in with, and the welcome does not come back.
      await expectCreatePage(page, c);
      expect(await welcome.count()).toBe(0);
    });
  }
});
