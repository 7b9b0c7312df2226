// The login link's page, /login_with_token ("Token login"): English only
// in every state, whatever the link's `lang`, which decides only the page that comes next. Its strings are
// written out here (not read from the locale files) so that a changed or missing string fails the tests.
import type { Page } from 'playwright-core';

export const tokenPage = {
  title: 'Login · Aivatar',
  loggingIn: 'Logging in',
  loggingInText: 'Checking your login link…',
  success: 'Login Successful',
  error: 'Login Error',
  invalid: 'Invalid or expired login link. Please request a new one.',
  backToLogin: 'Back to login',
  signInAs: (email: string) => `Sign in as ${email}?`,
  signInAsText:
    'This login link was asked for in another browser or on another device. Continue only if this is your account.',
  continue: 'Continue',
  cancel: 'Cancel',
} as const;

/** The address as the page shows it: j•••@example.test. */
export const masked = (email: string): string => `${email[0]}•••${email.slice(email.indexOf('@'))}`;

/**
 * Waits until the page shows `heading` as an English page: <html lang="en"> and the English title at the
 * same moment (Login Successful lasts only a second before the next page, which may be French).
 */
export async function waitForEnglishTokenPage(page: Page, heading: string): Promise<void> {
  await page.waitForFunction(
    ({ heading, title }) =>
      document.documentElement.lang === 'en' &&
      document.title === title &&
      [...document.querySelectorAll('h1')].some((h) => h.textContent === heading),
    { heading, title: tokenPage.title },
  );
}
