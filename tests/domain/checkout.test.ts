// Buying tokens (functions/billing/domain/checkout.ts) against FakeBillingStore and FakePaymentProvider: the
// plan comes from the catalogue, one customer per account, one subscription per account, the dashboard. The
// hosted pages, payments and webhooks stay in tests/integration/billing-checkout.test.ts and stripe-webhook.test.ts.
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import {
  type BillingDeps,
  checkSubscription,
  NO_BILLING_ACCOUNT_MESSAGE,
  openBillingDashboard,
  SUBSCRIPTION_CHECKOUT_TTL_SECONDS,
  SUBSCRIPTION_EXISTS_MESSAGE,
  startCheckout,
} from '../../functions/billing/domain/checkout.ts';
import {
  FakeAccountStore,
  FakeBillingStore,
  FakeClock,
  FakeIds,
  FakePaymentProvider,
  WEB_URL,
} from '../support/fakes/index.ts';

const PRICE_IDS = Object.fromEntries([...TOKEN_PACKS, SUBSCRIPTION].map((p) => [p.id, `price_${p.id}`]));

function world() {
  const clock = new FakeClock(1_800_000_000);
  const accounts = new FakeAccountStore(clock);
  const store = new FakeBillingStore(accounts);
  const provider = new FakePaymentProvider();
  const deps: BillingDeps = {
    provider,
    store,
    clock,
    ids: new FakeIds(),
    priceIds: PRICE_IDS,
    webUrl: WEB_URL,
  };
  const user = accounts.seedActive({ id: 'u1', email: 'ada@example.com', lang: 'fr' });
  return { clock, accounts, store, provider, deps, user };
}

describe('buying a token pack', () => {
  it('opens a checkout at the catalogue price for the account’s customer, returning to its pages in its language', async () => {
    const w = world();
    const res = await startCheckout(w.deps, w.user, 'payment', 'pack-40', { tokens: 40 });
    expect(res.checkout_url).toBe('https://checkout.stripe.example.test/c/pay/cs_test_1');
    expect(w.provider.checkoutsCreated).toEqual([
      expect.objectContaining({
        mode: 'payment',
        customerId: 'cus_1',
        priceId: 'price_pack-40',
        userId: 'u1',
        planId: 'pack-40',
        lang: 'fr',
        successUrl: `${WEB_URL}/fr/app/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: expect.stringMatching(/\/fr\/.*\?checkout=cancelled$/),
      }),
    ]);
    expect(w.provider.checkoutsCreated[0]).not.toHaveProperty('expiresAt');
    expect(w.store.checkouts.get('cs_test_1')).toEqual({
      sessionId: 'cs_test_1',
      userId: 'u1',
      planId: 'pack-40',
      mode: 'payment',
      amountCents: 900,
      createdAt: 1_800_000_000,
    });
    // The page's language wins over the account's.
    await startCheckout(w.deps, w.user, 'payment', 'pack-10', { tokens: 10, lang: 'en' });
    expect(w.provider.checkoutsCreated[1]?.successUrl).toMatch(
      /^https:\/\/app\.example\.test\/app\/account\?/,
    );
  });

  it('creates one customer per account, reused by every checkout, even when they start at once', async () => {
    const w = world();
    await Promise.all(
      ['pack-10', 'pack-40', 'pack-100'].map((id) =>
        startCheckout(w.deps, w.user, 'payment', id, { tokens: Number(id.slice(5)) }),
      ),
    );
    expect(w.provider.customersCreated).toEqual([{ userId: 'u1', email: 'ada@example.com' }]);
    expect(new Set(w.provider.checkoutsCreated.map((c) => c.customerId))).toEqual(new Set(['cus_1']));
    expect((await w.store.getAccount('u1'))?.customerId).toBe('cus_1');
  });

  it('refuses a token count that disagrees with the catalogue, and creates nothing', async () => {
    const w = world();
    await expect(startCheckout(w.deps, w.user, 'payment', 'pack-10', { tokens: 1000 })).rejects.toMatchObject(
      {
        code: 'TOKENS_MISMATCH',
        message: 'This plan gives 10 tokens, not 1000. Please reload the pricing page.',
      },
    );
    expect(w.provider.customersCreated).toEqual([]);
    expect((await w.store.getAccount('u1'))?.customerId).toBeNull();
  });

  it('refuses an unknown price, and a plan on the wrong route', async () => {
    const w = world();
    const cases = [
      ['payment', 'pack-7', 7, 'Unknown token pack: pack-7.'],
      ['payment', SUBSCRIPTION.id, SUBSCRIPTION.tokens, `Unknown token pack: ${SUBSCRIPTION.id}.`],
      ['subscription', 'pack-40', 40, 'Unknown subscription: pack-40.'],
      ['subscription', 'price_local_monthly_100', 100, 'Unknown subscription: price_local_monthly_100.'],
    ] as const;
    for (const [mode, plan, tokens, message] of cases) {
      await expect(startCheckout(w.deps, w.user, mode, plan, { tokens }), plan).rejects.toMatchObject({
        code: 'UNKNOWN_PRICE',
        message,
      });
    }
    expect(w.provider.checkoutsCreated).toEqual([]);
  });
});

describe('the monthly subscription', () => {
  it('opens a checkout that holds the account’s one subscription slot for 35 minutes', async () => {
    const w = world();
    expect(await checkSubscription(w.deps, w.user)).toEqual({ hasActiveSubscription: false });
    const { checkout_url } = await startCheckout(w.deps, w.user, 'subscription', SUBSCRIPTION.id, {
      tokens: 100,
    });
    expect(w.provider.checkoutsCreated[0]).toMatchObject({
      mode: 'subscription',
      expiresAt: 1_800_000_000 + SUBSCRIPTION_CHECKOUT_TTL_SECONDS,
    });
    expect((await w.store.getAccount('u1'))?.openSubscriptionCheckout?.url).toBe(checkout_url);
  });

  it('subscribing again before paying reuses that checkout, also when both start at once', async () => {
    const w = world();
    const subscribe = () => startCheckout(w.deps, w.user, 'subscription', SUBSCRIPTION.id, { tokens: 100 });
    const urls = await Promise.all([subscribe(), subscribe()]);
    urls.push(await subscribe());
    expect(new Set(urls.map((u) => u.checkout_url)).size).toBe(1);
    // With less than a minute left, a new one is opened instead.
    w.clock.advance(SUBSCRIPTION_CHECKOUT_TTL_SECONDS - 59);
    const fresh = await subscribe();
    expect(fresh.checkout_url).not.toBe(urls[0]?.checkout_url);
  });

  it('refuses a subscriber with the dashboard link; a cancelled subscription does not count', async () => {
    const w = world();
    await startCheckout(w.deps, w.user, 'payment', 'pack-10', { tokens: 10 });
    for (const status of ['active', 'trialing', 'past_due']) {
      w.store.setSubscription('u1', {
        id: 'sub_1',
        status,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      });
      expect(await checkSubscription(w.deps, w.user), status).toEqual({ hasActiveSubscription: true });
      await expect(
        startCheckout(w.deps, w.user, 'subscription', SUBSCRIPTION.id, { tokens: 100 }),
      ).rejects.toMatchObject({
        code: 'SUBSCRIPTION_EXISTS',
        message: SUBSCRIPTION_EXISTS_MESSAGE,
        dashboardUrl: expect.stringMatching(
          /^https:\/\/billing\.stripe\.example\.test\/p\/session\/cus_1\?locale=fr/,
        ),
      });
    }
    expect(SUBSCRIPTION_EXISTS_MESSAGE).toBe(
      'You already have an active subscription. Manage it from your billing dashboard.',
    );
    w.store.setSubscription('u1', {
      id: 'sub_1',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });
    expect(await checkSubscription(w.deps, w.user)).toEqual({ hasActiveSubscription: false });
    await startCheckout(w.deps, w.user, 'subscription', SUBSCRIPTION.id, { tokens: 100 });
  });
});

describe('the billing dashboard', () => {
  it('says there is no billing account yet until the first purchase, then opens the caller’s own', async () => {
    const w = world();
    await expect(openBillingDashboard(w.deps, w.user)).rejects.toMatchObject({
      code: 'NO_BILLING_ACCOUNT',
      message: NO_BILLING_ACCOUNT_MESSAGE,
    });
    expect(NO_BILLING_ACCOUNT_MESSAGE).toBe(
      'You have no billing account yet: it is created with your first purchase or subscription.',
    );
    await startCheckout(w.deps, w.user, 'payment', 'pack-40', { tokens: 40 });
    const bob = w.accounts.seedActive({ id: 'u2', email: 'bob@example.com' });
    await startCheckout(w.deps, bob, 'payment', 'pack-200', { tokens: 200 });
    expect((await openBillingDashboard(w.deps, w.user)).dashboard_url).toContain('/cus_1?locale=fr');
    expect((await openBillingDashboard(w.deps, bob)).dashboard_url).toContain('/cus_2?locale=en');
  });

  it('answers "No account found." for an account that is gone', async () => {
    const w = world();
    const ghost = { ...w.user, id: 'gone' };
    await expect(checkSubscription(w.deps, ghost)).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'No account found.',
    });
  });
});
