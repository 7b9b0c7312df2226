// Checkout through our API and the local Stripe stand-in (the real stripe SDK on both sides of the wire).
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION } from '#shared/catalogue.ts';
import { activatedUser, callRoute } from '../support/api.ts';
import {
  balances,
  eventsOf,
  hasSubscription,
  ledger,
  pay,
  startCheckout,
  stripeApi,
} from '../support/stripe.ts';

const waitFor = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('buying a token pack', () => {
  it('credits the pack’s tokens once, from the catalogue, with a purchase in the ledger', async () => {
    const { token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    const checkout = await stripeApi().checkout.sessions.retrieve(session);
    expect(checkout).toMatchObject({ mode: 'payment', amount_total: 900, currency: 'eur', status: 'open' });
    expect(checkout.success_url).toContain('/app/account?checkout=success');

    await pay(session);
    const user = await balances(token);
    expect(user.tokens_ltd).toBe(42);
    // Within one second the ledger's order is not defined: find the entry.
    expect((await ledger(token)).filter((e) => e.reason === 'purchase')).toEqual([
      expect.objectContaining({ pool: 'ltd', amount: 40, balance_after: 42 }),
    ]);
  });

  it('creates one Stripe customer per account, reused by every checkout, and stores its id on the account', async () => {
    const { email, token } = await activatedUser();
    const sessions = await Promise.all([
      startCheckout(token, 'pack-10', 10),
      startCheckout(token, 'pack-40', 40),
      startCheckout(token, 'pack-100', 100),
    ]);
    const stripe = stripeApi();
    const customers = new Set(
      await Promise.all(sessions.map(async (id) => (await stripe.checkout.sessions.retrieve(id)).customer)),
    );
    expect(customers.size).toBe(1);
    const { stripe_customer_id } = await balances(token);
    expect([...customers][0]).toBe(stripe_customer_id);
    const customer = await stripe.customers.retrieve(String(stripe_customer_id));
    expect(customer).toMatchObject({ email, metadata: { user_id: expect.any(String) } });
  });

  // Unknown prices and token counts are the domain's (tests/domain/checkout.test.ts); which route is which
  // checkout mode is the billing handler's wiring, seen here.
  it('refuses a plan on the wrong route', async () => {
    const { token } = await activatedUser();
    const cases = [
      ['checkoutOneTime', SUBSCRIPTION.id, SUBSCRIPTION.tokens],
      ['checkoutSubscription', 'pack-40', 40],
    ] as const;
    for (const [route, priceId, tokens] of cases) {
      const res = await callRoute(route, { token, params: { priceId }, body: { tokens } });
      expect(res.status, `${route} ${priceId}`).toBe(400);
      expect(res.body.code).toBe('UNKNOWN_PRICE');
    }
  });

  it('credits nothing for a declined card, and keeps the session open', async () => {
    const { token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    const { declined } = await pay(session, 'card_declined');
    expect(declined).toMatch(/declined/);
    expect((await stripeApi().checkout.sessions.retrieve(session)).status).toBe('open');
    expect((await balances(token)).tokens_ltd).toBe(2);
  });

  it('credits a delayed payment only when the money arrives (async_payment_succeeded), once', async () => {
    const { token } = await activatedUser();
    const session = await startCheckout(token, 'pack-10', 10);
    await pay(session, 'sepa_delayed');
    // checkout.session.completed came with payment_status "unpaid": nothing yet.
    expect((await balances(token)).tokens_ltd).toBe(2);
    const user = await waitFor(
      () => balances(token),
      (u) => u.tokens_ltd !== 2,
    );
    expect(user.tokens_ltd).toBe(12);
    // The stand-in marks an event delivered once our answer reaches it, which may be just after the credit.
    const types = await waitFor(
      async () => (await eventsOf(undefined, session)).map((e) => `${e.event.type}:${e.delivery}`),
      (t) => !t.some((x) => x.endsWith(':pending')),
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'checkout.session.completed:delivered',
        'checkout.session.async_payment_succeeded:delivered',
      ]),
    );
    expect((await ledger(token)).filter((e) => e.reason === 'purchase')).toHaveLength(1);
  });
});

describe('the monthly subscription', () => {
  it('gives 100 monthly tokens from the first invoice, and a second subscribe gets the dashboard link', async () => {
    const { token } = await activatedUser();
    expect(await hasSubscription(token)).toBe(false);
    const session = await startCheckout(token, SUBSCRIPTION.id, SUBSCRIPTION.tokens);
    const created = await stripeApi().checkout.sessions.retrieve(session);
    expect(created).toMatchObject({ mode: 'subscription', amount_total: 900 });
    await pay(session);

    expect(await hasSubscription(token)).toBe(true);
    const user = await balances(token);
    expect(user).toMatchObject({ tokens_ltd: 2, tokens_subscription: 100 });
    expect((await ledger(token)).filter((e) => e.pool === 'subscription')).toMatchObject([
      {
        reason: 'subscription_renewal',
        pool: 'subscription',
        amount: 100,
        balance_after: 100,
      },
    ]);

    const again = await callRoute('checkoutSubscription', {
      token,
      params: { priceId: SUBSCRIPTION.id },
      body: { tokens: SUBSCRIPTION.tokens },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'SUBSCRIPTION_EXISTS',
      msg: 'You already have an active subscription. Manage it from your billing dashboard.',
      dashboard_url: expect.stringMatching(/\/p\/session\/bps_/),
    });
  });
});

describe('the billing dashboard', () => {
  it('opens a portal session for the caller’s own customer only', async () => {
    const alice = await activatedUser();
    const bob = await activatedUser();
    await pay(await startCheckout(alice.token, 'pack-40', 40));
    await pay(await startCheckout(bob.token, 'pack-200', 200));
    const dashboard = async (token: string) => {
      const res = await callRoute('billingDashboard', { token });
      expect(res.status).toBe(200);
      return (await fetch(res.body.dashboard_url)).text();
    };
    const [forAlice, forBob] = await Promise.all([dashboard(alice.token), dashboard(bob.token)]);
    expect(forAlice).toContain('40 tokens');
    expect(forAlice).not.toContain('200 tokens');
    expect(forBob).toContain('200 tokens');
    expect(forBob).not.toContain('40 tokens');
  });
});
