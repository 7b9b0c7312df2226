// The pricing page as its prerendered HTML shows it once the app has hydrated it, in English and French: the
// pack selector and its prices, the subscription card's states, the way to checkout (a visitor: to the login
// page; signed in: through the checkout routes, a failure on the error line and in a toast), the address a
// checkout may send the browser to, the FAQ and the structured data. Checkout itself, through the local Stripe
// stand-in, is tests/browser/payments.test.ts's; the toast's place on a phone's screen stays in
// tests/browser/public-pages.test.ts.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aUser, currentLocation, renderPrerendered } from './support/render.tsx';

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
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const packSelect = (lang: 'en' | 'fr') => screen.getByLabelText(COPY[lang].packLabel) as HTMLSelectElement;
const errorLine = () => screen.getByTestId('pricing-error');
const subscriptionCard = () => screen.getByTestId('subscription-card');
const toasts = () => screen.queryAllByTestId('toast').map((t) => plain(t.textContent));

/** The addresses the page sent the browser to (a checkout, the billing dashboard). */
let assigned: string[] = [];
const watchNavigation = () =>
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    assigned.push(String(url));
  });
afterEach(() => {
  vi.restoreAllMocks();
  assigned = [];
});

/** Answers the route only once `answer` is called: the page's state meanwhile can be seen. */
function heldAnswer() {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return { answered, answer };
}

// A page is prerendered, then hydrated: a few seconds beside the other files on two shared cores.
describe('pricing page', { timeout: 30_000 }, () => {
  describe.each(LANGS)('in %s', (lang) => {
    const copy = COPY[lang];

    test('five packs, the first selected with its price; another pack shows its own price', async () => {
      const page = await renderPrerendered(copy.path);
      await screen.findByRole('heading', { level: 1, name: copy.heading });
      const select = packSelect(lang);
      expect([...select.options].map((o) => plain(o.textContent))).toEqual(copy.packs);
      expect(select.value).toBe('pack-10');
      expect(plain(screen.getByTestId('pack-price').textContent)).toBe(copy.firstPrice);
      expect(plain(screen.getByTestId('pack-tokens').textContent)).toBe(copy.firstTokens);

      await page.user.selectOptions(select, 'pack-100');
      await waitFor(() => expect(plain(screen.getByTestId('pack-price').textContent)).toBe(copy.thirdPrice));
      expect(plain(screen.getByTestId('pack-tokens').textContent)).toBe(copy.thirdTokens);

      // The subscription: 100 tokens a month for 9 EUR.
      expect(plain(subscriptionCard().querySelector('.price-card__amount')?.textContent)).toBe(
        copy.subscriptionPrice,
      );
      // The subscription check is only made for a signed-in user.
      expect(apiStub.calls('checkSubscription')).toEqual([]);
      expect(page.consoleErrors).toEqual([]);
    });

    test('a visitor: asked to log in to buy a pack and to subscribe, with no button to pay', async () => {
      await renderPrerendered(copy.path);
      await screen.findByRole('heading', { level: 1, name: copy.heading });
      expect(screen.getAllByRole('link', { name: copy.logInToBuy })).toHaveLength(1);
      expect(within(subscriptionCard()).getAllByRole('link', { name: copy.logInToSubscribe })).toHaveLength(
        1,
      );
      expect(document.querySelectorAll('.price-card button')).toHaveLength(0);
    });

    test("'Log in to Buy' and 'Log in to Subscribe' lead to the login page in the page's language", async () => {
      // Naming the plan chosen, whose checkout follows the login (payments.test.ts).
      for (const [name, plan] of [
        [copy.logInToBuy, 'pack-10'],
        [copy.logInToSubscribe, 'monthly-100'],
      ] as const) {
        const page = await renderPrerendered(copy.path);
        await page.user.click(await screen.findByRole('link', { name }));
        await waitFor(() => expect(currentLocation().pathname).toBe(copy.login));
        expect(currentLocation().search).toBe(`?buy=${plan}`);
        await screen.findByRole('heading', { name: copy.loginHeading });
        page.unmount();
        page.container.remove();
      }
    });

    test('signed in: Buy and Subscribe call checkout; a failure shows on the error line and in a toast', async () => {
      watchNavigation();
      // The check says "not subscribed"; checkout fails.
      apiStub.on('checkSubscription', ok('checkSubscription', { hasActiveSubscription: false }));
      apiStub.on('checkoutOneTime', fail(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable'));
      apiStub.on('checkoutSubscription', fail(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable'));
      const page = await renderPrerendered(copy.path, { as: aUser() });
      const subscribe = await within(subscriptionCard()).findByRole('button', { name: copy.subscribe });
      const [check] = apiStub.calls('checkSubscription');
      expect(check?.headers.get('authorization')).toBe('Bearer session-token');
      expect(subscriptionCard().dataset.state).toBe('inactive');
      // The session arrives after hydration and keeps the prerendered copy on the page.
      screen.getByRole('heading', { level: 1, name: copy.heading });
      expect(screen.getAllByTestId('faq-item')).toHaveLength(4);
      expect(document.querySelectorAll('.price-card__features li')).toHaveLength(8);
      expect(screen.queryByText(copy.active)).toBeNull();
      expect(plain(errorLine().textContent)).toBe('');

      await page.user.selectOptions(packSelect(lang), 'pack-40');
      const buyButton = screen.getByRole('button', { name: copy.buy(40) });
      await page.user.click(buyButton);
      await within(errorLine()).findByText(copy.paymentFailed);
      const [buy] = apiStub.calls('checkoutOneTime');
      expect(buy?.method).toBe('POST');
      expect(buy?.params).toEqual({ priceId: 'pack-40' });
      expect(buy?.body).toEqual({ tokens: 40 });
      // The error line is far below the button on a phone: the toast shows the failure where the user looks.
      await waitFor(() => expect(toasts()).toContain(copy.paymentFailed));
      expect(screen.getByRole('button', { name: copy.buy(40) })).toBe(buyButton);

      await page.user.click(subscribe);
      await within(errorLine()).findByText(copy.subscriptionFailed);
      const [sub] = apiStub.calls('checkoutSubscription');
      expect(sub?.method).toBe('POST');
      expect(sub?.params).toEqual({ priceId: 'monthly-100' });
      expect(sub?.body).toEqual({ tokens: 100 });
      await waitFor(() => expect(toasts()).toContain(copy.subscriptionFailed));
      expect(within(errorLine()).getAllByRole('alert')).toHaveLength(1);
      expect(currentLocation().pathname).toBe(copy.path);
      expect(assigned).toEqual([]);
    });

    test('an active subscription: loading first, then the message and Manage Subscription, whose failure shows', async () => {
      watchNavigation();
      const { answered, answer } = heldAnswer();
      apiStub.on('checkSubscription', async () => {
        await answered;
        return ok('checkSubscription', { hasActiveSubscription: true });
      });
      // What the API answers for an account that never paid (tests/handlers/billing.test.ts).
      apiStub.on(
        'billingDashboard',
        fail(
          404,
          'NO_BILLING_ACCOUNT',
          'You have no billing account yet: it is created with your first purchase or subscription.',
        ),
      );
      const page = await renderPrerendered(copy.path, { as: aUser() });
      const card = subscriptionCard();
      await within(card).findByText(copy.checking);
      expect(within(card).queryAllByRole('button')).toHaveLength(0);
      answer();
      await within(card).findByText(copy.active);
      expect(within(card).queryByRole('button', { name: copy.subscribe })).toBeNull();
      await page.user.click(within(card).getByRole('button', { name: copy.manage }));
      await within(errorLine()).findByText(copy.dashboardFailed);
      expect(apiStub.calls('billingDashboard')).toHaveLength(1);
      expect(assigned).toEqual([]);
    });

    test('the subscription FAQ has its 4 items', async () => {
      const page = await renderPrerendered(copy.path);
      await screen.findByRole('heading', { level: 1, name: copy.heading });
      const items = screen.getAllByTestId('faq-item') as HTMLDetailsElement[];
      expect(items).toHaveLength(4);
      expect(items.map((item) => plain(item.querySelector('summary')?.textContent))).toEqual(copy.faq);
      for (const [i, fragment] of copy.faqAnswerFragments.entries()) {
        const item = items[i] as HTMLDetailsElement;
        expect(item.open).toBe(false);
        await page.user.click(item.querySelector('summary') as HTMLElement);
        expect(plain(item.querySelector('p')?.textContent)).toContain(fragment);
        // Native <details>: the answer shows once opened.
        expect(item.open).toBe(true);
      }
    });

    test('the structured data lists every offer in EUR and USD, and the FAQ', async () => {
      await renderPrerendered(copy.path);
      await screen.findByRole('heading', { level: 1, name: copy.heading });
      const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
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
    watchNavigation();
    // The payment backend's answer is made up here, the page's handling of it is real.
    let checkoutUrl = 'javascript:alert(1)';
    apiStub.on('checkoutOneTime', () => ok('checkoutOneTime', { checkout_url: checkoutUrl }));
    const page = await renderPrerendered('/pricing', { as: aUser() });
    const buy = await screen.findByRole('button', { name: 'Buy 10 tokens' });
    await page.user.click(buy);
    await within(errorLine()).findByText(COPY.en.paymentFailed);
    expect(assigned).toEqual([]);
    expect(currentLocation().pathname).toBe('/pricing');

    checkoutUrl = 'http://app.test/favicon.svg?checkout=pack-10';
    await page.user.click(buy);
    await waitFor(() => expect(assigned).toEqual([checkoutUrl]));
    expect(apiStub.calls('checkoutOneTime').map((c) => c.params)).toEqual([
      { priceId: 'pack-10' },
      { priceId: 'pack-10' },
    ]);
  });
});
