// Spec section 8, "Signup": the messages the signup page can show, in English and in French.
import { expect, test } from 'vitest';
import {
  describeInBrowser,
  mailCount,
  signUpInactive,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';
import { copy, LANGS } from './copy.ts';

for (const lang of LANGS) {
  const c = copy[lang];

  describeInBrowser(`signup page messages (${lang})`, () => {
    const browser = useBrowser();

    test('email already registered: "Go to login page" keeps the email', async () => {
      const email = uniqueEmail('taken');
      await signUpInactive(email);
      const page = await browser.newPage();
      await page.goto(`${c.prefix}/signup`);
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page.getByText(c.signupTaken, { exact: true }).waitFor();
      await page.getByRole('alert').getByRole('button', { name: c.goToLogin }).click();
      await waitForPath(page, `${c.prefix}/login`);
      expect(await page.getByLabel(c.email).inputValue()).toBe(email);
    });

    test('an address the browser accepts but the server does not', async () => {
      const page = await browser.newPage();
      await page.goto(`${c.prefix}/signup`);
      // Valid for an <input type="email">, but the API wants a dot in the domain.
      await page.getByLabel(c.email).fill('someone@localhost');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page.getByText(c.signupInvalidEmail, { exact: true }).waitFor();
      expect(await mailCount('someone@localhost')).toBe(0);
    });

    test("a server error: the English page shows the server's words, the French page never English", async () => {
      const page = await browser.newPage();
      await page.route('**/signup', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, json: { msg: 'Server error', code: 'SERVER_ERROR' } })
          : route.fallback(),
      );
      await page.goto(`${c.prefix}/signup`);
      await page.getByLabel(c.email).fill(uniqueEmail('signup-500'));
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page
        .getByRole('alert')
        .getByText(lang === 'en' ? 'Server error' : c.signupGeneric, { exact: true })
        .waitFor();
    });
  });
}
