// The pricing page (spec sections 2, 4, 8 and 9), in English and French: the pack selector and its prices,
// the subscription card's states, the way to checkout (logged out: to the login page; signed in: through the
// checkout routes), the FAQ and the structured data. No button calls a route the API does not serve
// (shared/api-routes.ts `served`): the tests below follow the flag, and the buying states are made at the
// HTTP edge here (serveInBrowser keeps them testable if a route is ever unserved). Checkout itself, through
// the local Stripe stand-in, is tested in payments.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiRoutes, type RouteId } from '../../shared/api-routes.ts';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  pathNow,
  serveInBrowser,
  stack,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';

const BILLING: RouteId[] = [
  'checkoutOneTime',
  'checkoutSubscription',
  'checkSubscription',
  'billingDashboard',
];
const served = (id: RouteId): boolean => apiRoutes[id].served;

// Written out here, not read from the app: a changed price, label or message fails the tests.
const COPY = {
  en: {
    path: '/pricing',
    heading: 'Simple pricing, no surprises',
    login: '/login',
    loginHeading: 'Log in to Aivatar',
    packLabel: 'Choose your pack',
    packs: ['10 tokens · €3', '40 tokens · €9', '100 tokens · €19', '200 tokens · €35', '500 tokens · €79'],
    firstPrice: '€3',
    firstTokens: '10 tokens',
    thirdPrice: '€19',
    thirdTokens: '100 tokens',
    subscriptionPrice: '€9',
    logInToBuy: 'Log in to Buy',
    logInToSubscribe: 'Log in to Subscribe',
    buy: (tokens: number) => `Buy ${tokens} tokens`,
    subscribe: 'Subscribe',
    checking: 'Checking your subscription…',
    active: 'You already have an active subscription',
    manage: 'Manage Subscription',
    paymentFailed: 'An error occurred while initializing the payment. Please try again.',
    subscriptionFailed: 'An error occurred while initializing the subscription. Please try again.',
    dashboardFailed: 'Failed to open subscription management dashboard.',
    packsClosed: 'Token packs go on sale soon. Every new account starts with 2 free tokens.',
    subscriptionClosed: 'The monthly subscription opens soon.',
    signUpForFreeTokens: 'Create a free account',
    signupPath: '/signup',
    faq: [
      'Can I cancel my subscription at any time?',
      'How do the monthly credits work?',
      'What happens to monthly tokens I do not use?',
      'What are one-time tokens?',
    ],
    faqAnswerFragments: [
      'end of the current billing period',
      'each month',
      'expire at the end of the month',
      'never expire',
    ],
  },
  fr: {
    path: '/fr/pricing',
    heading: 'Des tarifs simples, sans surprise',
    login: '/fr/login',
    loginHeading: 'Connexion à Aivatar',
    packLabel: 'Choisissez votre pack',
    packs: [
      '10 jetons · 3 €',
      '40 jetons · 9 €',
      '100 jetons · 19 €',
      '200 jetons · 35 €',
      '500 jetons · 79 €',
    ],
    firstPrice: '3 €',
    firstTokens: '10 jetons',
    thirdPrice: '19 €',
    thirdTokens: '100 jetons',
    subscriptionPrice: '9 €',
    logInToBuy: 'Se connecter pour acheter',
    logInToSubscribe: "Se connecter pour s'abonner",
    buy: (tokens: number) => `Acheter ${tokens} jetons`,
    subscribe: "S'abonner",
    checking: 'Vérification de votre abonnement…',
    active: 'Vous avez déjà un abonnement actif',
    manage: "Gérer l'abonnement",
    paymentFailed: "Une erreur est survenue lors de l'initialisation du paiement. Veuillez réessayer.",
    subscriptionFailed:
      "Une erreur est survenue lors de l'initialisation de l'abonnement. Veuillez réessayer.",
    dashboardFailed: "Impossible d'ouvrir l'espace de gestion de votre abonnement.",
    packsClosed:
      'Les packs de jetons seront bientôt en vente. Chaque nouveau compte reçoit 2 jetons offerts.',
    subscriptionClosed: "L'abonnement mensuel ouvre bientôt.",
    signUpForFreeTokens: 'Créer un compte gratuit',
    signupPath: '/fr/signup',
    faq: [
      'Puis-je résilier mon abonnement à tout moment ?',
      'Comment fonctionnent les crédits mensuels ?',
      "Que deviennent les jetons mensuels que je n'utilise pas ?",
      "Qu'est-ce que les jetons à l'unité ?",
    ],
    faqAnswerFragments: [
      'fin de la période en cours',
      'chaque mois',
      'expirent à la fin du mois',
      "n'expirent jamais",
    ],
  },
} as const;

const LANGS = ['en', 'fr'] as const;

/** French typography puts (narrow) no-break spaces before € and inside punctuation: compare plain spaces. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** The SPA has taken over the prerendered page: React's props are on its elements. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const select = document.querySelector('.price-card select');
    return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
  });
}

const packSelect = (page: Page, lang: 'en' | 'fr') => page.getByLabel(COPY[lang].packLabel);
const errorLine = (page: Page) => page.getByTestId('pricing-error');
const subscriptionCard = (page: Page) => page.getByTestId('subscription-card');

describeInBrowser('pricing page', () => {
  const browser = useBrowser();

  describe.each(LANGS)('in %s', (lang) => {
    const copy = COPY[lang];

    test('five packs, the first selected with its price; another pack shows its own price', async () => {
      const page = await browser.newPage();
      const checks: string[] = [];
      page.on('request', (r) => r.url().includes('/check_subscription') && checks.push(r.url()));
      await page.goto(copy.path);
      await waitForHydration(page);

      const select = packSelect(page, lang);
      expect((await select.locator('option').allTextContents()).map(plain)).toEqual(copy.packs);
      expect(await select.inputValue()).toBe('pack-10');
      expect(plain(await page.getByTestId('pack-price').textContent())).toBe(copy.firstPrice);
      expect(plain(await page.getByTestId('pack-tokens').textContent())).toBe(copy.firstTokens);

      await select.selectOption('pack-100');
      await expect
        .poll(async () => plain(await page.getByTestId('pack-price').textContent()))
        .toBe(copy.thirdPrice);
      expect(plain(await page.getByTestId('pack-tokens').textContent())).toBe(copy.thirdTokens);

      // The subscription: 100 tokens a month for 9 EUR.
      const card = subscriptionCard(page);
      expect(plain(await card.locator('.price-card__amount').textContent())).toBe(copy.subscriptionPrice);
      // The subscription check is only made for a signed-in user.
      await page.waitForLoadState('networkidle');
      expect(checks).toEqual([]);
    });

    test('a visitor: asked to log in to buy once checkout is served; until then no button, a line saying so', async () => {
      const page = await browser.newPage();
      await page.goto(copy.path);
      await waitForHydration(page);
      const card = subscriptionCard(page);
      const logInToBuy = page.getByRole('link', { name: copy.logInToBuy, exact: true });
      const logInToSubscribe = card.getByRole('link', { name: copy.logInToSubscribe, exact: true });
      expect(await logInToBuy.count()).toBe(served('checkoutOneTime') ? 1 : 0);
      expect(await logInToSubscribe.count()).toBe(served('checkoutSubscription') ? 1 : 0);
      expect(await page.getByText(copy.packsClosed, { exact: true }).count()).toBe(
        served('checkoutOneTime') ? 0 : 1,
      );
      expect(await card.getByText(copy.subscriptionClosed, { exact: true }).count()).toBe(
        served('checkoutSubscription') ? 0 : 1,
      );
      expect(await page.locator('.price-card button').count()).toBe(0);
      if (!served('checkoutOneTime')) {
        await page.getByRole('link', { name: copy.signUpForFreeTokens, exact: true }).click();
        await waitForPath(page, copy.signupPath);
      }
    });

    test("'Log in to Buy' and 'Log in to Subscribe' lead to the login page in the page's language", async () => {
      const page = await browser.newPage();
      await serveInBrowser(page, BILLING);
      // Naming the plan chosen, whose checkout follows the login (issue 23, item 6: purchase-intent.test.ts).
      for (const [name, plan] of [
        [copy.logInToBuy, 'pack-10'],
        [copy.logInToSubscribe, 'monthly-100'],
      ] as const) {
        await page.goto(copy.path);
        await waitForHydration(page);
        await page.getByRole('link', { name, exact: true }).click();
        await waitForPath(page, `${copy.login}?buy=${plan}`);
        await page.getByRole('heading', { name: copy.loginHeading }).waitFor();
      }
    });

    test('signed in, while billing is not served: the prices, no button, and no call to a route that is not served', async () => {
      const { token } = await createAccount(uniqueEmail('pricing-closed'), { lang });
      const page = await browser.newPage();
      const billingCalls: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/^\/(check_subscription|checkout|stripe_dashboard)/.test(path)) billingCalls.push(path);
      });
      await openSignedIn(page, token, copy.path);
      await page.getByRole('heading', { level: 1, name: copy.heading, exact: true }).waitFor();
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      // The check goes through the app's query client, loaded for a signed-in visitor once the page is up:
      // the call and its answer come after that. Wait for both, then count the calls again.
      const checks = () => billingCalls.filter((p) => p === '/check_subscription').length;
      await expect.poll(checks).toBe(served('checkSubscription') ? 1 : 0);
      await expect.poll(() => subscriptionCard(page).getAttribute('data-state')).not.toBe('loading');
      expect(billingCalls.filter((p) => p === '/check_subscription').length).toBe(
        served('checkSubscription') ? 1 : 0,
      );
      expect(await page.getByRole('button', { name: copy.buy(10), exact: true }).count()).toBe(
        served('checkoutOneTime') ? 1 : 0,
      );
      const subscribe = subscriptionCard(page).getByRole('button', { name: copy.subscribe, exact: true });
      expect(await subscribe.count()).toBe(served('checkoutSubscription') ? 1 : 0);
      if (!served('checkoutOneTime')) {
        await page.getByText(copy.packsClosed, { exact: true }).waitFor();
        // The pack selector still shows each pack's price.
        await packSelect(page, lang).selectOption('pack-40');
        expect(plain(await page.getByTestId('pack-price').textContent())).toBe(
          plain(copy.packs[1]?.split('·')[1] ?? ''),
        );
        expect(billingCalls.filter((p) => p.startsWith('/checkout'))).toEqual([]);
      }
    });

    test('signed in: Buy and Subscribe call checkout; a failure shows on the error line and in a toast, seen on a phone', async () => {
      const { token } = await createAccount(uniqueEmail('pricing'), { lang });
      const page = await browser.newPage(PHONE);
      await serveInBrowser(page, BILLING);
      // The check says "not subscribed"; checkout fails at the HTTP edge.
      await page.route('**/check_subscription', (route) =>
        route.fulfill({ json: { hasActiveSubscription: false } }),
      );
      await page.route('**/checkout/**', (route) =>
        route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
      );
      const check = page.waitForRequest((r) => r.url().endsWith('/check_subscription'));
      await openSignedIn(page, token, copy.path);
      expect((await check).headers().authorization).toBe(`Bearer ${token}`);
      const subscribe = subscriptionCard(page).getByRole('button', { name: copy.subscribe, exact: true });
      await subscribe.waitFor();
      expect(await subscriptionCard(page).getAttribute('data-state')).toBe('inactive');
      // The session arrives after hydration and keeps the prerendered copy on the page.
      await page.getByRole('heading', { level: 1, name: copy.heading, exact: true }).waitFor();
      expect(await page.getByTestId('faq-item').count()).toBe(4);
      expect(await page.locator('.price-card__features li').count()).toBe(8);
      expect(await page.getByText(copy.active).count()).toBe(0);
      expect(plain(await errorLine(page).textContent())).toBe('');

      await packSelect(page, lang).selectOption('pack-40');
      const buyRequest = page.waitForRequest((r) => r.url().includes('/checkout/one-time/'));
      const buyButton = page.getByRole('button', { name: copy.buy(40), exact: true });
      await buyButton.click();
      const buy = await buyRequest;
      expect(new URL(buy.url()).pathname).toBe('/checkout/one-time/pack-40');
      expect(buy.method()).toBe('POST');
      expect(buy.postDataJSON()).toEqual({ tokens: 40 });
      await errorLine(page).getByText(copy.paymentFailed, { exact: true }).waitFor();
      // The error line is far below the button on a phone: the toast shows the failure where the user looks.
      const toast = page.getByTestId('toast').filter({ hasText: copy.paymentFailed });
      await toast.waitFor();
      expect(await toast.isVisible()).toBe(true);
      const box = await toast.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
      expect(await buyButton.isVisible()).toBe(true);

      const subscribeRequest = page.waitForRequest((r) => r.url().includes('/checkout/subscription/'));
      await subscribe.click();
      const sub = await subscribeRequest;
      expect(new URL(sub.url()).pathname).toBe('/checkout/subscription/monthly-100');
      expect(sub.postDataJSON()).toEqual({ tokens: 100 });
      await errorLine(page).getByText(copy.subscriptionFailed, { exact: true }).waitFor();
      await page.getByTestId('toast').filter({ hasText: copy.subscriptionFailed }).waitFor();
      expect(await errorLine(page).getByRole('alert').count()).toBe(1);
      expect(pathNow(page)).toBe(copy.path);
    });

    test('an active subscription: loading first, then the message and Manage Subscription, whose failure shows', async () => {
      const { token } = await createAccount(uniqueEmail('pricing-active'), { lang });
      const page = await browser.newPage();
      await serveInBrowser(page, BILLING);
      // The billing backend comes later: only the check's answer is made up, after a pause to see the loading state.
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/check_subscription', async (route) => {
        await answered;
        await route.fulfill({ json: { hasActiveSubscription: true } });
      });
      await openSignedIn(page, token, copy.path);
      const card = subscriptionCard(page);
      await card.getByText(copy.checking, { exact: true }).waitFor();
      expect(await card.getByRole('button').count()).toBe(0);
      answer();
      await card.getByText(copy.active, { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: copy.subscribe, exact: true }).count()).toBe(0);
      // The dashboard route is real: this account has no Stripe customer yet (404), so it fails.
      await card.getByRole('button', { name: copy.manage, exact: true }).click();
      await errorLine(page).getByText(copy.dashboardFailed, { exact: true }).waitFor();
    });

    test('the subscription FAQ has its 4 items', async () => {
      const page = await browser.newPage();
      await page.goto(copy.path);
      await waitForHydration(page);
      const items = page.getByTestId('faq-item');
      expect(await items.count()).toBe(4);
      expect((await items.locator('summary').allTextContents()).map(plain)).toEqual(copy.faq);
      for (const [i, fragment] of copy.faqAnswerFragments.entries()) {
        const item = items.nth(i);
        await item.locator('summary').click();
        expect(plain(await item.locator('p').textContent())).toContain(fragment);
        expect(await item.locator('p').isVisible()).toBe(true);
      }
    });

    test('the structured data lists every offer in EUR and USD, and the FAQ', async () => {
      const page = await browser.newPage();
      await page.goto(copy.path);
      await waitForHydration(page);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      const product = blocks.find((b) => b['@type'] === 'Product') as {
        offers: { sku: string; price: string; priceCurrency: string }[];
        aggregateRating?: unknown;
      };
      const faq = blocks.find((b) => b['@type'] === 'FAQPage') as {
        mainEntity: { name: string; acceptedAnswer: { text: string } }[];
      };
      expect(product).toBeDefined();
      expect(product.aggregateRating).toBeUndefined();
      const prices = {
        'pack-10': '3.00',
        'pack-40': '9.00',
        'pack-100': '19.00',
        'pack-200': '35.00',
        'pack-500': '79.00',
        'monthly-100': '9.00',
      };
      for (const currency of ['EUR', 'USD']) {
        const offers = product.offers.filter((o) => o.priceCurrency === currency);
        expect(Object.fromEntries(offers.map((o) => [o.sku, o.price]))).toEqual(prices);
      }
      expect(product.offers).toHaveLength(12);
      expect(faq.mainEntity.map((q) => plain(q.name))).toEqual(copy.faq);
      expect(faq.mainEntity.every((q) => q.acceptedAnswer.text.length > 40)).toBe(true);
    });
  });

  test('a checkout answer replaces the page; an address that is not a web page is refused', async () => {
    const { token } = await createAccount(uniqueEmail('pricing-redirect'));
    const page = await browser.newPage();
    await serveInBrowser(page, BILLING);
    const { webUrl } = stack();
    // The payment backend comes later: its answer is made up here, the page's handling of it is real.
    let checkoutUrl = 'javascript:alert(1)';
    await page.route('**/checkout/one-time/*', (route) =>
      route.fulfill({ json: { checkout_url: checkoutUrl } }),
    );
    await openSignedIn(page, token, '/pricing');
    const buy = page.getByRole('button', { name: 'Buy 10 tokens', exact: true });
    await buy.click();
    await errorLine(page).getByText(COPY.en.paymentFailed, { exact: true }).waitFor();
    expect(pathNow(page)).toBe('/pricing');

    checkoutUrl = `${webUrl}/favicon.svg?checkout=pack-10`;
    await buy.click();
    await waitForPath(page, '/favicon.svg?checkout=pack-10');
  });
});
