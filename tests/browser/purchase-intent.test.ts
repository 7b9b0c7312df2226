// Issue 23, item 6: a visitor who chooses a pack and clicks "Log in to Buy" lands on that pack's checkout
// once logged in or signed up (the sign-in pages say so first); the app's bar offers "Buy tokens" on the
// token badge, which opens the packs. In English and French, on a desktop and on a phone, by password and
// by sign-up's activation link. A /pricing?buy= this browser did not ask for opens nothing.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  loginLinkIn,
  openSignedIn,
  PHONE,
  pathOf,
  uniqueEmail,
  useBrowser,
  WIDE,
  waitForMail,
  waitForPath,
  withLanguage,
} from '../support/browser.ts';
import { copy as authCopy } from './copy.ts';

const PASSWORD = 'a-long-enough-password-42';

// Written out, not read from the app: a changed string fails the test.
const COPY = {
  en: {
    logInToBuy: 'Log in to Buy',
    logInToSubscribe: 'Log in to Subscribe',
    signUpLink: 'Sign up',
    buyTokens: 'Buy tokens',
    notNow: 'Not now',
    afterLogin: (plan: string) => `After you log in, you go straight to the checkout for ${plan}.`,
    afterSignup: (plan: string) =>
      `Open the activation link we email you in this browser, and you go straight to the checkout for ${plan}.`,
    packs: {
      'pack-40': { plan: '40 tokens (€9)', amount: '€9.00' },
      'pack-100': { plan: '100 tokens (€19)', amount: '€19.00' },
    },
    subscription: 'the monthly subscription (100 tokens a month, €9)',
  },
  fr: {
    logInToBuy: 'Se connecter pour acheter',
    logInToSubscribe: "Se connecter pour s'abonner",
    signUpLink: 'Inscrivez-vous',
    buyTokens: 'Acheter des jetons',
    notNow: 'Pas maintenant',
    afterLogin: (plan: string) => `Après la connexion, vous passez directement au paiement de ${plan}.`,
    afterSignup: (plan: string) =>
      `Ouvrez dans ce navigateur le lien d'activation que nous vous envoyons : vous passerez directement au paiement de ${plan}.`,
    packs: {
      'pack-40': { plan: '40 jetons (9 €)', amount: '9,00 €' },
      'pack-100': { plan: '100 jetons (19 €)', amount: '19,00 €' },
    },
    subscription: "l'abonnement mensuel (100 jetons par mois, 9 €)",
  },
} as const;
type Lang = keyof typeof COPY;

/** Letters as a person reads them: any run of spaces (Intl's narrow no-break ones too) as one space. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const select = document.querySelector('.price-card select');
    return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
  });
}

/** The checkouts the page asks the API for. */
function checkoutsAsked(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && path.startsWith('/checkout/')) seen.push(path);
  });
  return seen;
}

async function logIn(page: Page, lang: Lang, email: string): Promise<void> {
  const c = authCopy[lang];
  await page.getByLabel(c.email).fill(email);
  await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: c.logIn, exact: true }).click();
}

/** Sign-up from the log-in page, then the activation link opened in this browser. */
async function signUp(page: Page, lang: Lang, email: string, plan: string): Promise<void> {
  const c = authCopy[lang];
  await page.locator('.auth__footer').getByRole('link', { name: COPY[lang].signUpLink, exact: true }).click();
  await waitForPath(page, `${c.prefix}/signup`);
  // The path changes before the sign-up page has replaced the log-in page (and its note): wait for it.
  await expect
    .poll(async () => plain(await page.getByTestId('purchase-note').textContent()))
    .toContain(COPY[lang].afterSignup(plan));
  await page.getByLabel(c.email).fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: c.requestActivation }).click();
  await page.getByText(c.signupSuccess, { exact: true }).waitFor();
  const mail = await waitForMail(email);
  await page.goto(pathOf(withLanguage(loginLinkIn(mail), lang)));
}

const onCheckout = (page: Page) =>
  page.waitForURL((u) => u.pathname.startsWith('/c/pay/'), { timeout: 20_000 });

describeInBrowser('purchase intent', () => {
  const browser = useBrowser();

  describe.each([
    ['en', WIDE, 'pack-40', 'password'],
    ['fr', WIDE, 'pack-100', 'sign-up'],
    ['en', PHONE, 'pack-100', 'sign-up'],
    ['fr', PHONE, 'pack-40', 'password'],
  ] as const)('in %s at %o', (lang, viewport, packId, way) => {
    const c = COPY[lang];
    const prefix = authCopy[lang].prefix;
    const pack = c.packs[packId];

    test(`the chosen pack's checkout after the ${way}, then the token badge opens the packs`, async () => {
      const email = uniqueEmail(`intent-${lang}`);
      if (way === 'password') await createAccount(email, { lang, password: PASSWORD });
      const page = await browser.newPage(viewport);
      const asked = checkoutsAsked(page);

      await page.goto(`${prefix}/pricing`);
      await hydrated(page);
      await page.locator('.price-card select').selectOption(packId);
      await page.getByRole('link', { name: c.logInToBuy, exact: true }).click();
      await waitForPath(page, `${prefix}/login?buy=${packId}`);
      // The log-in page says where it leads.
      expect(plain(await page.getByTestId('purchase-note').textContent())).toContain(c.afterLogin(pack.plan));

      if (way === 'password') await logIn(page, lang, email);
      else await signUp(page, lang, email, pack.plan);
      await onCheckout(page);
      expect(asked).toEqual([`/checkout/one-time/${packId}`]);
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(pack.amount);
      // Taken once: nothing is left to send the next sign-in to a checkout.
      await page.goto(`${prefix}/app/create`);
      expect(await page.evaluate(() => localStorage.getItem('aivatar.purchase-intent'))).toBeNull();

      // The app's bar: the balance is the way to buy tokens (in the phone's menu, in words).
      if (viewport === PHONE) await page.locator('.navbar__toggle').click();
      const badge = page.locator('header.navbar').getByRole('link', { name: c.buyTokens });
      await badge.waitFor();
      expect(await badge.getAttribute('title')).toBe(c.buyTokens);
      const label = badge.locator('.token-pill__buy');
      expect(await label.evaluate((el) => el.getBoundingClientRect().width > 1)).toBe(viewport === PHONE);
      await badge.click();
      await page.waitForURL((u) => u.pathname === `${prefix}/pricing` && u.hash === '#tokens');
      // The packs are on screen, and no checkout started.
      const packs = page.locator('#tokens select');
      await packs.waitFor();
      await expect
        .poll(() => packs.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight))
        .toBe(true);
      expect(asked).toHaveLength(1);
    }, 90_000);
  });

  test('Log in to Subscribe: the subscription checkout after the login', async () => {
    const email = uniqueEmail('intent-sub');
    await createAccount(email, { password: PASSWORD });
    const page = await browser.newPage(WIDE);
    const asked = checkoutsAsked(page);
    await page.goto('/pricing');
    await hydrated(page);
    await page.getByRole('link', { name: COPY.en.logInToSubscribe, exact: true }).click();
    await waitForPath(page, '/login?buy=monthly-100');
    expect(plain(await page.getByTestId('purchase-note').textContent())).toContain(
      COPY.en.afterLogin(COPY.en.subscription),
    );
    await logIn(page, 'en', email);
    await onCheckout(page);
    expect(asked).toEqual(['/checkout/subscription/monthly-100']);
  });

  test('Not now drops the plan: the login goes to the app', async () => {
    const email = uniqueEmail('intent-drop');
    await createAccount(email, { lang: 'fr', password: PASSWORD });
    const page = await browser.newPage(PHONE);
    const asked = checkoutsAsked(page);
    await page.goto('/fr/login?buy=pack-40');
    const note = page.getByTestId('purchase-note');
    await note.getByRole('button', { name: COPY.fr.notNow }).click();
    await note.waitFor({ state: 'detached' });
    await logIn(page, 'fr', email);
    await waitForPath(page, '/fr/app/create');
    expect(asked).toEqual([]);
  });

  test('a /pricing?buy= this browser did not ask for opens no checkout', async () => {
    const { token } = await createAccount(uniqueEmail('no-intent'), { lang: 'en' });
    const page = await browser.newPage(WIDE);
    const asked = checkoutsAsked(page);
    await openSignedIn(page, token, '/pricing?buy=pack-500');
    await hydrated(page);
    await page.waitForURL((u) => u.pathname === '/pricing' && u.search === '');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });
});
