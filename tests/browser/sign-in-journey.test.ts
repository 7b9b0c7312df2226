// The sign-in journeys in a browser: sign up, activate, set a password, log out and in again; login links
// (asked elsewhere, used, failing, in either language); Resend under "Check your inbox"; Sign in with Google
// through the stand-in, and its button only while its route is served. The login and signup screens'
// messages are the component tests' (tests/components/login-messages.test.tsx, signup-messages.test.tsx).

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { appHomePath, pagePath } from '#shared/web-routes.ts';
import { DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import {
  createAccount,
  describeInBrowser,
  FLOW_PAIRS,
  type Lang,
  loginLinkIn,
  mailCount,
  PHONE,
  pathNow,
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
import { copy, LANGS } from './copy.ts';
import { masked, tokenPage, waitForEnglishTokenPage } from './token-page.ts';

// The whole way in, in each language: sign up, activate from the emailed link, land signed in, set a
// password, log out, log back in with it.

describeInBrowser('sign up, activate, set a password, log out and in again', () => {
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
      // English only; the email's language decides the next page.
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
        .getByRole('link', { name: c.navAccount })
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

// A login link opened in a browser that did not ask for it (login CSRF): the page first asks
// "Sign in as j•••@example.com?" with Continue and Cancel, in English whatever the link's language, and redeems nothing until Continue; Cancel leaves the link unused. The link's `lang` decides
// where Cancel and Continue lead (/fr, /fr/app/create). Opened in the browser that asked, it signs in at
// once. An English link on a desktop and a French one on a phone, with screenshots in .local/screenshots.

describeInBrowser('a login link opened in a browser that did not ask for it', () => {
  const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots');

  /** A login link asked for somewhere else (the API, as from another device), in `lang`. */
  async function linkAskedElsewhere(email: string, lang: Lang): Promise<string> {
    const res = await fetch(`${stack().apiUrl}/send_login_link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientIp() },
      body: JSON.stringify({ email, lang }),
    });
    expect(res.status).toBe(200);
    return pathOf(loginLinkIn(await waitForMail(email, { count: 2 })));
  }

  // Written out, not read from the app: the French login page's words for a used or expired link.
  const USED_LINK_FR = 'Ce lien de connexion est invalide ou a expiré. Demandez-en un nouveau.';

  const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

  /** Nothing sticks out of the viewport sideways, and both buttons are on screen. */
  async function expectFits(page: Page) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const viewport = page.viewportSize() as { width: number; height: number };
    for (const name of [tokenPage.continue, tokenPage.cancel]) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
  }

  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    const c = copy[lang];
    test(`${lang} at ${size} px: asks "Sign in as …?", Cancel uses nothing, Continue signs in`, async () => {
      const email = uniqueEmail(`confirm-${lang}`);
      await createAccount(email, { lang });
      const link = await linkAskedElsewhere(email, lang);
      const page = await browser.newPage(viewport);
      await page.goto(link);

      const question = page.getByRole('heading', { name: tokenPage.signInAs(masked(email)), level: 1 });
      await question.waitFor();
      await page.getByText(tokenPage.signInAsText, { exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.title()).toBe(tokenPage.title);
      await expectFits(page);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `login-link-confirm-${lang}-${size}.png`) });
      expect(await storedSession(page)).toBeNull();

      // Cancel: home, in the link's language, signed out; the link is still unused.
      await page.getByRole('button', { name: tokenPage.cancel, exact: true }).click();
      await waitForPath(page, c.prefix || '/');
      await page.getByRole('heading', { name: c.homeHeading, level: 1 }).waitFor();
      await page.waitForLoadState('load');
      expect(await storedSession(page)).toBeNull();

      await page.goto(link);
      await question.waitFor();
      await page.getByRole('button', { name: tokenPage.continue, exact: true }).click();
      await waitForEnglishTokenPage(page, tokenPage.success);
      // Then the app in the link's language.
      await waitForPath(page, `${c.prefix}/app/create`);
      await page.getByRole('heading', { name: c.createHeading, level: 1 }).waitFor();
      // Signed in to the account of the link.
      const session = await storedSession(page);
      const me = await fetch(`${stack().apiUrl}/user_info`, {
        headers: { authorization: `Bearer ${session}` },
      });
      expect(((await me.json()) as { email: string }).email).toBe(email);
    });
  }

  test('a link this browser asked for from the login page signs in at once, without the question', async () => {
    const email = uniqueEmail('asked-here');
    await createAccount(email, { lang: 'fr' });
    const page = await browser.newPage(PHONE);
    await page.goto('/fr/login');
    await page.getByLabel(copy.fr.email).fill(email);
    await page.getByRole('button', { name: copy.fr.sendLink }).click();
    await page.getByText(copy.fr.linkSent(email), { exact: true }).waitFor();
    const mail = await waitForMail(email, { count: 2 });
    expect(mail.subject).toBe(copy.fr.loginLinkSubject);
    await page.goto(pathOf(loginLinkIn(mail)));
    await waitForEnglishTokenPage(page, tokenPage.success);
    expect(await page.getByRole('button', { name: tokenPage.continue }).count()).toBe(0);
    await waitForPath(page, '/fr/app/create');
  });

  test('a used French link, opened again after the question, goes on to /fr/login, which says why in French', async () => {
    const email = uniqueEmail('confirm-used');
    await createAccount(email, { lang: 'fr' });
    const link = await linkAskedElsewhere(email, 'fr');
    const first = await browser.newPage();
    await first.goto(link);
    await first.getByRole('button', { name: tokenPage.continue, exact: true }).click();
    await waitForPath(first, '/fr/app/create');
    await first.evaluate(() => localStorage.clear());
    await first.goto(link);
    // Every page reached from a French email is French.
    await waitForPath(first, '/fr/login');
    await first.getByText(USED_LINK_FR, { exact: true }).waitFor();
    expect(await first.evaluate(() => document.documentElement.lang)).toBe('fr');
  });
});

// The emailed link's landing page (English only), its three
// states and its messages; the link's `lang` (the email's language) decides only where it sends the user next,
// and a French link that fails goes on to the French login page, which says why.
// Links opened in a browser that did not ask for them: the describe above.

describeInBrowser('login link page', () => {
  const UNKNOWN_TOKEN = 'A'.repeat(43);

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

// "Check your inbox" after signing up offers to send the email again, 30 seconds after
// each email (a countdown on the button); asked for too often, the server's 429 says, in the page's
// language, when the next may be asked for, and the button waits that long. English on a desktop, French on
// a phone, whose page never says "Cliquez".

describeInBrowser('Resend under "Check your inbox"', () => {
  /** web/src/features/auth/components/resend-email.tsx */
  const RESEND_AFTER_MS = 30_000;

  const WORDS = {
    en: {
      waiting: /^Resend in (30|29) s$/,
      resend: 'Resend the email',
      resent: (email: string) => `A new email is on its way to ${email}.`,
      limited: /^Too many emails in a short time\. You can ask for another in \d+ (seconds?|minutes?)\.$/,
      limitedButton: /^Resend in \d+ (s|min)$/,
    },
    fr: {
      waiting: /^Renvoyer dans (30|29) s$/,
      resend: "Renvoyer l'e-mail",
      resent: (email: string) => `Un nouvel e-mail part vers ${email}.`,
      limited:
        /^Trop d'e-mails en peu de temps\. Vous pourrez en redemander un dans \d+ (secondes?|minutes?)\.$/,
      limitedButton: /^Renvoyer dans \d+ (s|min)$/,
    },
  } as const;

  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    test(`${lang}, ${size}: a countdown, then Resend, then the limit's own words`, async () => {
      const w = WORDS[lang];
      const c = copy[lang];
      const email = uniqueEmail(`resend-${lang}-${size}`);
      const page = await browser.newPage(viewport);
      await page.clock.install();
      await page.goto(`${c.prefix}/signup`);
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page.getByText(c.signupSuccess, { exact: true }).waitFor();
      const button = page.getByTestId('resend-button');
      expect(await button.innerText()).toMatch(w.waiting);
      expect(await button.isDisabled()).toBe(true);
      expect(await page.locator('body').innerText()).not.toMatch(/cliquez|click/i);

      // Each email can be asked for again 30 s later; the server allows so many from one address.
      const { limit } = DEFAULT_RATE_LIMITS.loginLinkPerEmailClient;
      for (let sent = 1; sent <= limit; sent++) {
        await page.clock.fastForward(RESEND_AFTER_MS);
        await expect.poll(() => button.innerText()).toBe(w.resend);
        await button.click();
        await page.getByTestId('resend-note').getByText(w.resent(email), { exact: true }).waitFor();
        expect(await button.innerText()).toMatch(w.waiting);
        await expect.poll(() => mailCount(email)).toBe(1 + sent);
      }
      await page.clock.fastForward(RESEND_AFTER_MS);
      await button.click();
      const refused = page.getByTestId('resend-note');
      await expect.poll(() => refused.innerText()).toMatch(w.limited);
      expect(await refused.getAttribute('role')).toBe('alert');
      expect(await button.innerText()).toMatch(w.limitedButton);
      expect(await button.isDisabled()).toBe(true);
      expect(await mailCount(email)).toBe(1 + limit);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});

// "Continue with Google" clicked through in Chromium, against the local stand-in for Google (a real OpenID
// provider): the button, the provider's form, the callback, /login_with_token, the app, the account page.

describeInBrowser('Sign in with Google', () => {
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
      await page.getByRole('link', { name: { en: 'Account', fr: 'Compte' }[lang] }).click();
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

// No button for a route the API does not serve (shared/api-routes.ts `served`, read by the SPA at
// build time). Identity-provider login came back with its route: the sign-in screens show the
// Google button, which calls the route only when clicked. (Pricing and the app navbar: tests/components/
// pricing-page.test.tsx and app-navbar.test.tsx, with the browser's share in public-pages.test.ts and navigation.test.ts.)

describeInBrowser('routes the API does not serve', () => {
  const GOOGLE = { en: 'Continue with Google', fr: 'Continuer avec Google' };

  const browser = useBrowser();

  for (const lang of LANGS) {
    const c = copy[lang];
    for (const screen of ['login', 'signup'] as const) {
      test(`${c.prefix}/${screen}: the Google button only while its route is served`, async () => {
        const page = await browser.newPage();
        const calls: string[] = [];
        page.on('request', (r) => r.url().includes('/auth/google') && calls.push(r.url()));
        await page.goto(`${c.prefix}/${screen}`);
        await page.getByLabel(c.email).waitFor();
        await page.waitForLoadState('networkidle');
        const google = page.getByRole('button', { name: GOOGLE[lang] });
        expect(await google.count()).toBe(1);
        expect(calls).toEqual([]);
      });
    }
  }

  test('the Google button calls its route; a failure is logged and, beyond the original API, told', async () => {
    const page = await browser.newPage();
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto('/login');
    // A real failure: this browser's address has used up its "Continue with Google" starts.
    const { limit } = DEFAULT_RATE_LIMITS.googleSignInPerClient;
    const apiUrl = stack().apiUrl;
    await page.evaluate(
      async ({ apiUrl, limit }) => {
        for (let i = 0; i < limit; i++)
          await fetch(`${apiUrl}/auth/google/login`, { credentials: 'include' });
      },
      { apiUrl, limit },
    );
    const call = page.waitForRequest((r) => new URL(r.url()).pathname === '/auth/google/login');
    await page.getByRole('button', { name: GOOGLE.en }).click();
    expect(new URL((await call).url()).searchParams.get('lang')).toBe('en');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many attempts. Please wait a few minutes and try again.' })
      .waitFor();
    expect(logged.some((m) => m.includes('Identity-provider login failed'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
