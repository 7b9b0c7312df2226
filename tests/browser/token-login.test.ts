// Spec section 8, "Token login": the emailed link's landing page (English only, spec section 2), its three
// states and its messages; the link's `lang` (the email's language) decides only where it sends the user next,
// and a French link that fails goes on to the French login page, which says why (issue 23, item 9).
// Links opened in a browser that did not ask for them: login-link-confirmation.test.ts.
import { expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  loginLinkIn,
  pathOf,
  signUpInactive,
  stack,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
  withLanguage,
} from '../support/browser.ts';
import { newClientIp } from '../support/local-account.ts';
import { masked, tokenPage, waitForEnglishTokenPage } from './token-page.ts';

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
    // Asked for through the API, not in this browser: the page asks first.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
    await waitForPath(page, '/app/create');

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
    await page.route('**/login_link/*', (route) =>
      route.fulfill({ status: 500, json: { msg: 'Server error', code: 'SERVER_ERROR' } }),
    );
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}`);
    await page
      .getByText('Server error. Please try again later or contact support.', { exact: true })
      .waitFor();
  });

  test('no answer from the API', async () => {
    const page = await browser.newPage();
    await page.route('**/login_link/*', (route) => route.abort('connectionrefused'));
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}`);
    await page
      .getByText('Network error. Please check your connection and try again.', { exact: true })
      .waitFor();
  });

  test('a French link, before the API answers: Logging in, in English', async () => {
    const page = await browser.newPage();
    // The link's preview never answers: the page stays on Logging in.
    await page.route('**/login_link/*', () => undefined);
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}&lang=fr`);
    await waitForEnglishTokenPage(page, tokenPage.loggingIn);
    await page.getByText(tokenPage.loggingInText, { exact: true }).waitFor();
  });

  test('a French link that fails: on at once to the French login page, which says why in French', async () => {
    const page = await browser.newPage();
    // Every English page this browser shows, from here on.
    const english: string[] = [];
    await page.exposeFunction('sawHeading', (text: string) => english.push(text));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h1')) {
          if (h.textContent === 'Login Error')
            (window as unknown as { sawHeading(t: string): void }).sawHeading('Login Error');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/login_with_token?token=${UNKNOWN_TOKEN}&lang=fr`);
    await waitForPath(page, '/fr/login');
    await page
      .getByText('Ce lien de connexion est invalide ou a expiré. Demandez-en un nouveau.', { exact: true })
      .waitFor();
    await page.getByRole('heading', { name: 'Connexion à Aivatar' }).waitFor();
    expect(english).toEqual([]);
    // Said once: the address no longer carries it.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // No token at all: the same, with its own message.
    await page.goto('/login_with_token?lang=fr');
    await waitForPath(page, '/fr/login');
    await page
      .getByText(
        'Aucun jeton de connexion fourni. Vérifiez le lien reçu par e-mail ou demandez-en un nouveau.',
        { exact: true },
      )
      .waitFor();
  });

  test("a login link opens the app in its email's language, without a welcome for an account in use", async () => {
    const email = uniqueEmail('link-fr');
    await createAccount(email, { password: 'a-password-already-set', lang: 'fr' });
    const res = await fetch(`${stack().apiUrl}/send_login_link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientIp() },
      body: JSON.stringify({ email, lang: 'fr' }),
    });
    expect(res.status).toBe(200);
    // The activation link, the notice of the password set, then the login link.
    const mail = await waitForMail(email, { count: 3 });
    expect(mail.subject).toBe('Votre lien de connexion Aivatar');
    const page = await browser.newPage();
    await page.goto(pathOf(withLanguage(loginLinkIn(mail), 'fr')));
    // The question and the success, in English; then the app in French.
    await waitForEnglishTokenPage(page, tokenPage.signInAs(masked(email)));
    await page.getByRole('button', { name: tokenPage.continue, exact: true }).click();
    await waitForEnglishTokenPage(page, tokenPage.success);
    await waitForPath(page, '/fr/app/create');
    await page.getByRole('heading', { name: 'Créez votre avatar', level: 1 }).waitFor();
    expect(await page.getByTestId('welcome').count()).toBe(0);
  });
});
