// Buying tokens as a person does, in English and French: the pricing page, the local Stripe checkout page,
// back in the app with a toast and the new balance in the navbar and the ledger; then the subscription, its
// card's states, the navbar's Subscription button, the billing portal (cancel, advance a month).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';

/** Subscribes the account through the API and the stand-in, as another tab would. */
async function subscribeElsewhere(token: string): Promise<void> {
  const res = await fetch(`${stack().apiUrl}/checkout/subscription/monthly-100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ tokens: 100 }),
  });
  const { checkout_url } = (await res.json()) as { checkout_url: string };
  const session = /cs_test_\w+/.exec(checkout_url)?.[0];
  const paid = await fetch(`${stack().stripe.url}/_local/checkout/${session}/pay`, {
    method: 'POST',
    body: '{}',
  });
  expect(paid.status).toBe(200);
}

const COPY = {
  en: {
    pricing: '/pricing',
    account: '/app/account',
    buy40: 'Buy 40 tokens',
    subscribe: 'Subscribe',
    active: 'You already have an active subscription',
    manage: 'Manage Subscription',
    subscription: 'Subscription',
    pay: 'Pay €9.00',
    subscribeFor: 'Subscribe for €9.00 a month',
    declinedOption: 'Test card that is declined',
    declined: 'Your card was declined. Try the Visa test card 4242 4242 4242 4242.',
    boughtToast: 'Payment received: 40 tokens added. Your balance is 42 tokens.',
    subscribedToast: 'Your subscription is active: 100 monthly tokens added. Your balance is 142 tokens.',
    balance: (n: number) => `${n} tokens`,
    purchase: 'Token purchase',
    renewal: 'Monthly tokens renewed',
    expiry: 'Unused monthly tokens expired',
    cancelSub: 'Cancel subscription',
    ending: 'Cancels at period end',
    advance: 'Advance one month',
    ended: 'Cancelled',
    backTo: 'Back to Aivatar',
    cancelCheckout: 'Cancel and return to Aivatar',
    cancelledToast: 'Checkout cancelled: you have not been charged.',
  },
  fr: {
    pricing: '/fr/pricing',
    account: '/fr/app/account',
    buy40: 'Acheter 40 jetons',
    subscribe: "S'abonner",
    active: 'Vous avez déjà un abonnement actif',
    manage: "Gérer l'abonnement",
    subscription: 'Abonnement',
    pay: 'Payer 9,00 €',
    subscribeFor: 'S’abonner pour 9,00 € par mois',
    declinedOption: 'Carte de test refusée',
    declined: 'Votre carte a été refusée. Essayez la carte Visa de test 4242 4242 4242 4242.',
    boughtToast: 'Paiement reçu : 40 jetons ajoutés. Votre solde est de 42 jetons.',
    subscribedToast:
      'Votre abonnement est actif : 100 jetons mensuels ajoutés. Votre solde est de 142 jetons.',
    balance: (n: number) => `${n} jetons`,
    purchase: 'Achat de jetons',
    renewal: 'Renouvellement des jetons mensuels',
    expiry: 'Expiration des jetons mensuels non utilisés',
    cancelSub: 'Résilier l’abonnement',
    ending: 'Résilié en fin de période',
    advance: 'Avancer d’un mois',
    ended: 'Résilié',
    backTo: 'Retour sur Aivatar',
    cancelCheckout: 'Annuler et revenir sur Aivatar',
    cancelledToast: 'Paiement annulé : aucun montant n’a été débité.',
  },
} as const;

/** French typography puts no-break spaces before € and colons: compare plain spaces. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const select = document.querySelector('.price-card select');
    return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
  });
}

const toastText = async (page: Page) => plain(await page.locator('.toast').first().textContent());
const navbarBalance = async (page: Page) => plain(await page.getByTestId('token-balance').textContent());

describeInBrowser('payments', () => {
  const browser = useBrowser();

  describe.each(['en', 'fr'] as const)('in %s', (lang) => {
    const copy = COPY[lang];

    test('buys 40 tokens for 9 EUR through the local checkout, after a declined card', async () => {
      const { token } = await createAccount(uniqueEmail('buy'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      await page.locator('.price-card select').selectOption('pack-40');
      await page.getByRole('button', { name: copy.buy40, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(
        lang === 'en' ? '€9.00' : '9,00 €',
      );

      await page.getByLabel(copy.declinedOption).check();
      await page.getByRole('button', { name: copy.pay }).click();
      expect(plain(await page.getByRole('alert').textContent())).toBe(copy.declined);

      await page.getByRole('button', { name: copy.pay }).click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await expect.poll(() => toastText(page)).toBe(copy.boughtToast);
      await expect.poll(() => navbarBalance(page)).toBe(copy.balance(42));
      expect(await page.getByTestId('account-balance').textContent()).toBe('42');
      const row = page.locator('tr[data-reason="purchase"]');
      expect(plain(await row.textContent())).toContain(copy.purchase);
      expect(plain(await row.locator('.amount').textContent())).toBe('+40');
      // The query that announced the payment is gone: a reload does not announce it again.
      expect(new URL(page.url()).search).toBe('');
    });

    test('cancelling on the checkout page comes back to pricing, says nothing was charged, credits nothing', async () => {
      const { token } = await createAccount(uniqueEmail('cancel'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      await page.locator('.price-card select').selectOption('pack-40');
      await page.getByRole('button', { name: copy.buy40, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      await page.getByRole('link', { name: copy.cancelCheckout }).click();
      await page.waitForURL((u) => u.pathname === copy.pricing);
      await expect.poll(() => toastText(page)).toBe(copy.cancelledToast);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.goto(copy.account);
      expect(await page.getByTestId('account-balance').textContent()).toBe('2');
    });

    test('a subscription made meanwhile in another tab: Subscribe turns the card to its active state', async () => {
      const { token } = await createAccount(uniqueEmail('other-tab'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      const card = page.getByTestId('subscription-card');
      const subscribe = card.getByRole('button', { name: copy.subscribe, exact: true });
      await subscribe.waitFor();
      await subscribeElsewhere(token);
      await subscribe.click();
      await card.getByText(copy.active).waitFor();
      await card.getByRole('button', { name: copy.manage }).waitFor();
      expect(new URL(page.url()).pathname).toBe(copy.pricing);
    });

    test('subscribes, manages the subscription from the pricing card and the navbar, cancels, advances a month', async () => {
      const { token } = await createAccount(uniqueEmail('subscribe'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      const card = page.getByTestId('subscription-card');
      await card.getByRole('button', { name: copy.subscribe, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      await page.getByRole('button', { name: copy.subscribeFor }).click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await expect.poll(() => toastText(page)).toBe(copy.subscribedToast.replace('142', '102'));
      await expect.poll(() => navbarBalance(page)).toBe(copy.balance(102));
      expect(plain(await page.locator('tr[data-reason="subscription_renewal"]').textContent())).toContain(
        copy.renewal,
      );

      // The pricing card now says so, and manages it in the portal.
      await page.goto(copy.pricing);
      await card.getByText(copy.active).waitFor();
      expect(await card.getAttribute('data-state')).toBe('active');
      await card.getByRole('button', { name: copy.manage }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/p/session/'));
      await page.getByRole('button', { name: copy.cancelSub }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('portal-status').textContent()))
        .toBe(copy.ending);

      // Still usable until the period ends: the card stays active. The navbar's button opens the portal too.
      await page.getByRole('link', { name: copy.backTo }).first().click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await page.getByRole('button', { name: copy.subscription, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/p/session/'));
      await page.getByRole('button', { name: copy.advance }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('portal-status').textContent()))
        .toBe(copy.ended);

      await page.getByRole('link', { name: copy.backTo }).first().click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await expect.poll(() => navbarBalance(page)).toBe(copy.balance(2));
      expect(plain(await page.locator('tr[data-reason="subscription_expiry"]').textContent())).toContain(
        copy.expiry,
      );
      await page.goto(copy.pricing);
      await card.getByRole('button', { name: copy.subscribe, exact: true }).waitFor();
    });
  });
});
