// What a verified payment event does (functions/billing/domain/webhook.ts, pack-payments.ts, receipts.ts,
// payment-emails.ts) against FakeWebhookStore, FakePaymentProvider and FakeMailer. Signatures, the Stripe
// stand-in's events and DynamoDB's races stay in tests/integration/stripe-webhook.test.ts and
// payment-emails.test.ts; the store's rules are checked by tests/contracts/webhook-store.contract.ts.
import { describe, expect, it } from 'vitest';
import type { BusinessMetric } from '#platform/domain/metrics.ts';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import type { BillingEvent } from '../../functions/billing/domain/ports.ts';
import { handleBillingEvent, type WebhookDeps } from '../../functions/billing/domain/webhook.ts';
import {
  FakeAccountStore,
  FakeClock,
  FakeIds,
  FakeMailer,
  FakePaymentProvider,
  FakeWebhookStore,
  WEB_URL,
} from '../support/fakes/index.ts';

const PRICE_IDS = Object.fromEntries([...TOKEN_PACKS, SUBSCRIPTION].map((p) => [p.id, `price_${p.id}`]));
const NOW = 1_800_000_000;

function world(lang: 'en' | 'fr' = 'en') {
  const clock = new FakeClock(NOW);
  const accounts = new FakeAccountStore(clock);
  const store = new FakeWebhookStore(accounts);
  const provider = new FakePaymentProvider();
  const mailer = new FakeMailer();
  const warnings: string[] = [];
  const sold: number[] = [];
  const deps: WebhookDeps = {
    provider,
    store,
    clock,
    ids: new FakeIds(),
    priceIds: PRICE_IDS,
    warn: (message) => warnings.push(message),
    metrics: {
      record: (name: BusinessMetric, value = 1) => {
        if (name === 'TokensSold') sold.push(value);
      },
    },
    mailer,
    webUrl: WEB_URL,
  };
  const user = accounts.seedActive({ id: 'u1', email: 'ada@example.com', lang, tokensLtd: 2 });
  return { clock, accounts, store, provider, mailer, warnings, sold, deps, user };
}
type World = ReturnType<typeof world>;

let events = 0;
async function packCheckout(w: World, planId = 'pack-40') {
  const pack = TOKEN_PACKS.find((p) => p.id === planId) as (typeof TOKEN_PACKS)[number];
  const sessionId = `cs_${++events}`;
  await w.store.saveCheckout({
    sessionId,
    userId: 'u1',
    planId,
    mode: 'payment',
    amountCents: pack.priceCents,
    createdAt: NOW,
  });
  const event = (
    kind: 'checkout-paid' | 'checkout-unpaid' | 'checkout-failed',
    fields = {},
  ): BillingEvent => ({
    kind,
    eventId: `evt_${++events}`,
    sessionId,
    mode: 'payment',
    customerId: 'cus_1',
    subscriptionId: null,
    paymentIntentId: `pi_${sessionId}`,
    amountTotal: pack.priceCents,
    currency: 'eur',
    ...fields,
  });
  return { sessionId, pack, event };
}
const balance = async (w: World) => {
  const u = await w.accounts.getById('u1');
  return { ltd: u?.tokensLtd, subscription: u?.tokensSubscription };
};

describe('a paid pack', () => {
  it('credits its tokens once from our own record, with a receipt once, however often it is delivered', async () => {
    const w = world();
    const { event, sessionId } = await packCheckout(w);
    w.provider.receipts.set(`pi_${sessionId}`, 'https://pay.stripe.example.test/receipts/1');
    const paid = event('checkout-paid');
    const outcomes = await Promise.all([1, 2, 3].map(() => handleBillingEvent(w.deps, paid)));
    outcomes.push(await handleBillingEvent(w.deps, event('checkout-paid')));
    expect(outcomes.sort()).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate']);
    expect(await balance(w)).toEqual({ ltd: 42, subscription: 0 });
    expect(w.sold).toEqual([40]);
    const [receipt, ...more] = w.mailer.to('ada@example.com');
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe('Your Aivatar receipt: 40 tokens');
    expect(receipt?.text).toContain('https://pay.stripe.example.test/receipts/1');
    expect(receipt?.text).toContain(`${WEB_URL}/app/account`);
  });

  it('sends a receipt that could not be sent with the next delivery, once, the tokens credited once', async () => {
    const w = world();
    const { event } = await packCheckout(w);
    w.mailer.failNext();
    await expect(handleBillingEvent(w.deps, event('checkout-paid'))).rejects.toThrow(
      'mail provider unavailable',
    );
    expect(await balance(w)).toEqual({ ltd: 42, subscription: 0 });
    expect(await handleBillingEvent(w.deps, event('checkout-paid'))).toBe('duplicate');
    expect(await handleBillingEvent(w.deps, event('checkout-paid'))).toBe('duplicate');
    expect(w.mailer.to('ada@example.com')).toHaveLength(1);
    expect(await balance(w)).toEqual({ ltd: 42, subscription: 0 });
  });

  it.each([
    {
      lang: 'en' as const,
      receipt: 'View the receipt: https://pay.stripe.example.test/receipts/2',
      proof: 'Keep this email and Stripe’s receipt (View the receipt) for your records',
    },
    {
      lang: 'fr' as const,
      receipt: 'Voir le reçu\u00a0: https://pay.stripe.example.test/receipts/2',
      proof: 'Conservez cet e-mail et le reçu de Stripe (Voir le reçu)',
    },
  ])(
    '($lang) leads to Stripe’s receipt, not to invoices in the billing dashboard: a pack has none',
    async (c) => {
      const w = world(c.lang);
      const { event, sessionId } = await packCheckout(w);
      w.provider.receipts.set(`pi_${sessionId}`, 'https://pay.stripe.example.test/receipts/2');
      await handleBillingEvent(w.deps, event('checkout-paid'));
      const [receipt] = w.mailer.to('ada@example.com');
      expect(receipt?.text).toContain(c.receipt);
      expect(receipt?.text).toContain(c.proof);
      expect(receipt?.text).not.toMatch(/billing dashboard|invoices|espace de facturation|factures/);
    },
  );

  it('in French for a French account, with French links', async () => {
    const w = world('fr');
    const { event } = await packCheckout(w, 'pack-100');
    await handleBillingEvent(w.deps, event('checkout-paid'));
    const [receipt] = w.mailer.to('ada@example.com');
    expect(receipt?.subject).toBe('Votre reçu Aivatar\u00a0: 100 jetons');
    expect(receipt?.text).toContain(`${WEB_URL}/fr/app/account`);
    expect(receipt?.html).toContain('<html lang="fr">');
  });

  it('credits nothing when the amount or currency is not the pack’s, or the session is not ours, and says so', async () => {
    const w = world();
    const { event } = await packCheckout(w);
    expect(await handleBillingEvent(w.deps, event('checkout-paid', { amountTotal: 300 }))).toBe('ignored');
    expect(await handleBillingEvent(w.deps, event('checkout-paid', { currency: 'usd' }))).toBe('ignored');
    expect(await handleBillingEvent(w.deps, event('checkout-paid', { sessionId: 'cs_unknown' }))).toBe(
      'ignored',
    );
    expect(w.warnings).toEqual([
      'paid amount differs from the pack price: not credited',
      'paid amount differs from the pack price: not credited',
      'checkout session we did not start',
    ]);
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
    expect(w.mailer.sent).toEqual([]);
  });

  it('acknowledges an event it does not handle, and a subscription checkout not yet paid, changing nothing', async () => {
    const w = world();
    expect(
      await handleBillingEvent(w.deps, { kind: 'ignored', eventId: 'evt_x', type: 'invoice.payment_failed' }),
    ).toBe('ignored');
    const { event } = await packCheckout(w);
    expect(await handleBillingEvent(w.deps, event('checkout-unpaid', { mode: 'subscription' }))).toBe(
      'not-paid-yet',
    );
    expect(await handleBillingEvent(w.deps, event('checkout-failed', { mode: 'subscription' }))).toBe(
      'ignored',
    );
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
  });
});

describe('a bank debit (delayed payment)', () => {
  it('is pending until the bank confirms, then credits once and sends one receipt', async () => {
    const w = world();
    const { event, sessionId } = await packCheckout(w);
    expect(await handleBillingEvent(w.deps, event('checkout-unpaid'))).toBe('payment-pending');
    expect(await handleBillingEvent(w.deps, event('checkout-unpaid'))).toBe('duplicate');
    expect(await w.accounts.listDelayedPayments('u1', NOW)).toEqual([
      expect.objectContaining({ sessionId, state: 'pending', tokens: 40, amountCents: 900 }),
    ]);
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
    expect(await handleBillingEvent(w.deps, event('checkout-paid'))).toBe('credited');
    expect(await w.accounts.listDelayedPayments('u1', NOW)).toEqual([]);
    expect(w.mailer.to('ada@example.com').map((m) => m.subject)).toEqual(['Your Aivatar receipt: 40 tokens']);
  });

  it('refused by the bank: shown as failed, nothing credited, the owner told once', async () => {
    const w = world();
    const { event } = await packCheckout(w);
    await handleBillingEvent(w.deps, event('checkout-unpaid'));
    expect(await handleBillingEvent(w.deps, event('checkout-failed'))).toBe('payment-failed');
    expect(await handleBillingEvent(w.deps, event('checkout-failed'))).toBe('payment-failed');
    expect(await w.accounts.listDelayedPayments('u1', NOW)).toEqual([
      expect.objectContaining({ state: 'failed' }),
    ]);
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
    const mails = w.mailer.to('ada@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your Aivatar payment did not go through']);
    expect(mails[0]?.text).toContain('no tokens were added and you have not been charged');
  });
});

describe('refunds', () => {
  it('take back a refunded pack’s tokens, a partial refund its share', async () => {
    const w = world();
    const { event, sessionId } = await packCheckout(w);
    await handleBillingEvent(w.deps, event('checkout-paid'));
    const refund = (amountRefunded: number): BillingEvent => ({
      kind: 'charge-refunded',
      eventId: `evt_${++events}`,
      paymentIntentId: `pi_${sessionId}`,
      amount: 900,
      amountRefunded,
    });
    expect(await handleBillingEvent(w.deps, refund(450))).toBe('refunded');
    expect(await balance(w)).toEqual({ ltd: 22, subscription: 0 });
    expect(await handleBillingEvent(w.deps, refund(450))).toBe('duplicate');
    expect(await handleBillingEvent(w.deps, refund(900))).toBe('refunded');
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
    expect(await handleBillingEvent(w.deps, { ...refund(900), paymentIntentId: null } as BillingEvent)).toBe(
      'ignored',
    );
    expect(
      await handleBillingEvent(w.deps, { ...refund(900), paymentIntentId: 'pi_unknown' } as BillingEvent),
    ).toBe('ignored');
  });

  it('never take the balance below 0: spent tokens stay spent, and the ledger says so', async () => {
    const w = world();
    const { event, sessionId } = await packCheckout(w);
    await handleBillingEvent(w.deps, event('checkout-paid'));
    w.accounts.update('u1', { tokensLtd: 5 });
    const outcome = await handleBillingEvent(w.deps, {
      kind: 'charge-refunded',
      eventId: 'evt_refund',
      paymentIntentId: `pi_${sessionId}`,
      amount: 900,
      amountRefunded: 900,
    });
    expect(outcome).toBe('refunded');
    expect(await balance(w)).toEqual({ ltd: 0, subscription: 0 });
    expect((await w.accounts.listLedger('u1', 1))[0]).toMatchObject({
      reason: 'refund_partly_spent',
      amount: -5,
      balance_after: 0,
    });
  });
});

describe('the subscription over time', () => {
  const SUB = 'sub_1';
  async function subscribed(w: World) {
    await w.store.saveCheckout({
      sessionId: 'cs_sub',
      userId: 'u1',
      planId: SUBSCRIPTION.id,
      mode: 'subscription',
      amountCents: 900,
      createdAt: NOW,
    });
    await w.store.linkCustomer('u1', 'cus_1');
    w.provider.subscriptions.set(SUB, {
      id: SUB,
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: NOW + 30 * 86_400,
      endedAt: null,
    });
    const linked = await handleBillingEvent(w.deps, {
      kind: 'checkout-paid',
      eventId: 'evt_sub',
      sessionId: 'cs_sub',
      mode: 'subscription',
      customerId: 'cus_1',
      subscriptionId: SUB,
      paymentIntentId: null,
      amountTotal: 900,
      currency: 'eur',
    });
    expect(linked).toBe('subscription-linked');
  }
  let invoices = 0;
  const invoice = (periodEnd: number, fields = {}): BillingEvent => ({
    kind: 'invoice-paid',
    eventId: `evt_in_${++invoices}`,
    invoiceId: `in_${invoices}`,
    customerId: 'cus_1',
    amountPaid: 900,
    hostedInvoiceUrl: `https://invoice.stripe.example.test/i/${invoices}`,
    subscriptionId: SUB,
    priceId: PRICE_IDS[SUBSCRIPTION.id] as string,
    periodStart: periodEnd - 30 * 86_400,
    periodEnd,
    ...fields,
  });

  it('renews to 100 each month, the unused rest expiring with a ledger entry, one receipt a month', async () => {
    const w = world();
    await subscribed(w);
    expect(await handleBillingEvent(w.deps, invoice(NOW + 30 * 86_400))).toBe('credited');
    w.accounts.update('u1', { tokensSubscription: 37 });
    w.clock.advance(30 * 86_400);
    const second = invoice(NOW + 60 * 86_400);
    expect(await handleBillingEvent(w.deps, second)).toBe('credited');
    expect(await handleBillingEvent(w.deps, second)).toBe('duplicate');
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 100 });
    expect((await w.accounts.listLedger('u1', 2)).map((e) => [e.reason, e.amount])).toEqual([
      ['subscription_renewal', 100],
      ['subscription_expiry', -37],
    ]);
    expect(w.sold).toEqual([100, 100]);
    const receipts = w.mailer.to('ada@example.com');
    expect(receipts.map((m) => m.subject)).toEqual([
      'Your Aivatar receipt: Monthly subscription',
      'Your Aivatar receipt: Monthly subscription',
    ]);
    expect(receipts[0]?.text).toContain('https://invoice.stripe.example.test/i/');
  });

  it('stays usable until the period ends after a cancel, then the monthly tokens go to 0; no grant after', async () => {
    const w = world();
    await subscribed(w);
    await handleBillingEvent(w.deps, invoice(NOW + 30 * 86_400));
    const changed = {
      kind: 'subscription-changed',
      eventId: 'evt_c',
      subscriptionId: SUB,
      customerId: 'cus_1',
    } as const;
    w.provider.subscriptions.set(SUB, {
      ...(await w.provider.getSubscription(SUB)),
      cancelAtPeriodEnd: true,
    });
    expect(await handleBillingEvent(w.deps, changed)).toBe('state-kept');
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 100 });
    w.provider.subscriptions.set(SUB, {
      ...(await w.provider.getSubscription(SUB)),
      status: 'canceled',
      endedAt: NOW,
    });
    expect(await handleBillingEvent(w.deps, { ...changed, eventId: 'evt_d' })).toBe('subscription-ended');
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
    // An older invoice.paid arriving after the end grants nothing.
    expect(await handleBillingEvent(w.deps, invoice(NOW + 60 * 86_400))).toBe('subscription-ended');
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
  });

  it('grants nothing for a period already over, another price, an unknown customer or a one-off invoice', async () => {
    const w = world();
    await subscribed(w);
    expect(await handleBillingEvent(w.deps, invoice(NOW))).toBe('subscription-ended');
    expect(await handleBillingEvent(w.deps, invoice(NOW + 86_400, { priceId: 'price_other' }))).toBe(
      'ignored',
    );
    expect(await handleBillingEvent(w.deps, invoice(NOW + 86_400, { customerId: 'cus_nobody' }))).toBe(
      'ignored',
    );
    expect(await handleBillingEvent(w.deps, invoice(NOW + 86_400, { subscriptionId: null }))).toBe('ignored');
    expect(await balance(w)).toEqual({ ltd: 2, subscription: 0 });
    expect(w.warnings).toEqual([
      'paid invoice for a price that is not the subscription: not granted',
      'paid invoice of a customer we do not know',
    ]);
  });

  it('ends at once a second subscription that slipped through, keeping the first', async () => {
    const w = world();
    await subscribed(w);
    await w.store.saveCheckout({
      sessionId: 'cs_sub2',
      userId: 'u1',
      planId: SUBSCRIPTION.id,
      mode: 'subscription',
      amountCents: 900,
      createdAt: NOW,
    });
    const second = await handleBillingEvent(w.deps, {
      kind: 'checkout-paid',
      eventId: 'evt_sub2',
      sessionId: 'cs_sub2',
      mode: 'subscription',
      customerId: 'cus_1',
      subscriptionId: 'sub_2',
      paymentIntentId: null,
      amountTotal: 900,
      currency: 'eur',
    });
    expect(second).toBe('ignored');
    expect(w.provider.cancelled).toEqual(['sub_2']);
    expect((await w.store.getAccount('u1'))?.subscription?.id).toBe(SUB);
    expect(w.warnings).toEqual(['second subscription for one account: cancelled at once, refund it']);
  });

  it('ignores a subscription checkout we did not start and the state of a customer we do not know', async () => {
    const w = world();
    const paid = {
      kind: 'checkout-paid',
      eventId: 'evt_x',
      sessionId: 'cs_not_ours',
      mode: 'subscription',
      customerId: 'cus_1',
      subscriptionId: 'sub_x',
      paymentIntentId: null,
      amountTotal: 900,
      currency: 'eur',
    } as const;
    expect(await handleBillingEvent(w.deps, paid)).toBe('ignored');
    expect(await handleBillingEvent(w.deps, { ...paid, subscriptionId: null })).toBe('ignored');
    expect(
      await handleBillingEvent(w.deps, {
        kind: 'subscription-changed',
        eventId: 'evt_y',
        subscriptionId: 'sub_x',
        customerId: 'cus_nobody',
      }),
    ).toBe('ignored');
    expect(w.warnings).toEqual([
      'subscription checkout we did not start',
      'subscription of a customer we do not know',
    ]);
  });
});
