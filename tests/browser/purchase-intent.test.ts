// Issue 23, item 6: "Log in to Buy" comes back to the chosen pack's checkout once the visitor has logged in,
// and the token badge ("Buy tokens") opens the packs. In English on a desktop and in
// French on a phone, and the other way round. A ?buy= address this browser did not ask for opens nothing.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';
import { copy as loginCopy } from './copy.ts';

const DESKTOP = { width: 1440, height: 900 };
const COPY = {
  en: {
    pricing: '/pricing',
    logInToBuy: 'Log in to Buy',
    logInToSubscribe: 'Log in to Subscribe',
    buyTokens: 'Buy tokens',
    amount: '€9.00',
    subscriptionAmount: '€9.00',
  },
  fr: {
    pricing: '/fr/pricing',
    logInToBuy: 'Se connecter pour acheter',
    logInToSubscribe: "Se connecter pour s'abonner",
    buyTokens: 'Acheter des jetons',
    amount: '9,00 €',
    subscriptionAmount: '9,00 €',
  },
} as const;
const PASSWORD = 'a-long-enough-password-42';
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const select = document.querySelector('.price-card select');
    return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
  });
}

async function logIn(page: Page, lang: 'en' | 'fr', email: string): Promise<void> {
  const c = loginCopy[lang];
  await page.getByLabel(c.email).fill(email);
  await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: c.logIn, exact: true }).click();
}

const checkouts = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/checkout/')) seen.push(path);
  });
  return seen;
};

describeInBrowser('purchase intent', () => {
  const browser = useBrowser();

  describe.each([
    ['en', DESKTOP],
    ['fr', PHONE],
    ['en', PHONE],
    ['fr', DESKTOP],
  ] as const)('in %s at %o', (lang, viewport) => {
    const copy = COPY[lang];

    test('Log in to Buy with 40 tokens chosen: after the login, the checkout of that pack', async () => {
      const email = uniqueEmail('intent');
      await createAccount(email, { lang, password: PASSWORD });
      const page = await browser.newPage(viewport);
      const asked = checkouts(page);
      await page.goto(copy.pricing);
      await hydrated(page);
      await page.locator('.price-card select').selectOption('pack-40');
      await page.getByRole('link', { name: copy.logInToBuy, exact: true }).click();
      await waitForPath(page, lang === 'en' ? '/login' : '/fr/login');
      await logIn(page, lang, email);
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'), { timeout: 20_000 });
      expect(asked).toEqual(['/checkout/one-time/pack-40']);
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(copy.amount);
      // Taken once: the next login goes to the app.
      expect(await page.evaluate(() => localStorage.getItem('aivatar.purchase-intent'))).toBeNull();
    });

    test('the token badge opens the packs', async () => {
      const { token } = await createAccount(uniqueEmail('badge-buy'), { lang });
      const page = await browser.newPage(viewport);
      await openSignedIn(page, token, lang === 'en' ? '/app/account' : '/fr/app/account');
      // On a phone the badge is in the menu.
      if (viewport === PHONE) await page.locator('.navbar__toggle').click();
      const badge = page.getByTestId('token-balance');
      expect(await badge.getAttribute('title')).toBe(copy.buyTokens);
      await badge.click();
      await waitForPath(page, copy.pricing);
      expect(new URL(page.url()).hash).toBe('#tokens');
      await page.locator('.price-card select').waitFor();
    });
  });

  test('a ?buy= address this browser did not ask for opens no checkout', async () => {
    const { token } = await createAccount(uniqueEmail('no-intent'), { lang: 'en' });
    const page = await browser.newPage();
    const asked = checkouts(page);
    await openSignedIn(page, token, '/pricing?buy=pack-500');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });
});
