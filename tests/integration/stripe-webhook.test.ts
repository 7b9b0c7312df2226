// The webhook through the whole stack: signatures over the raw body, which Stripe events become which
// payment events, refunds against spent tokens, the subscription's life at the stand-in. Credits once per
// delivery, wrong amounts, refunds and out-of-order subscription events are the domain's
// (tests/domain/webhook.test.ts) and the WebhookStore contract's (also against DynamoDB Local).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION } from '#shared/catalogue.ts';
import { activatedUser, stack } from '../support/api.ts';
import {
  asPayload,
  balances,
  control,
  deliver,
  eventsOf,
  hasSubscription,
  ledger,
  newEventId,
  pay,
  type RecordedEvent,
  setPool,
  startCheckout,
  stripeApi,
} from '../support/stripe.ts';

/** A paid pack whose events were recorded by "Stripe" but not sent: the test delivers them. */
async function heldPackPurchase(packId = 'pack-40', tokens = 40) {
  const user = await activatedUser();
  const session = await startCheckout(user.token, packId, tokens);
  await pay(session, 'card_ok', true);
  const completed = (await eventsOf('checkout.session.completed', session))[0] as RecordedEvent;
  expect(completed.delivery).toBe('held');
  return { ...user, session, event: completed.event };
}

async function subscribed() {
  const user = await activatedUser();
  await pay(await startCheckout(user.token, SUBSCRIPTION.id, SUBSCRIPTION.tokens));
  const { stripe_customer_id } = await balances(user.token);
  const subscription = (await stripeApi().subscriptions.list({ customer: String(stripe_customer_id) }))
    .data[0];
  if (!subscription) throw new Error('no subscription');
  return { ...user, customer: String(stripe_customer_id), subscription: subscription.id };
}

describe('webhook signatures', () => {
  it('refuses a tampered or stale delivery with 400 and credits nothing; the genuine one credits', async () => {
    const { token, event } = await heldPackPurchase();
    const payload = asPayload(event);
    const secret = stack().stripe.webhookSecret;
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const flipped = Buffer.from(payload);
    const at = flipped.indexOf('"amount_total"') + 2;
    flipped[at] = (flipped[at] as number) ^ 0x01;
    const refused = [
      ['one flipped byte', flipped.toString('utf8'), header],
      ['an extra space', payload.replace('{', '{ '), header],
      [
        'an old timestamp',
        payload,
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret,
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
      ],
      ['the body parsed and re-serialised', JSON.stringify(JSON.parse(payload)), header],
      [
        'another secret',
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours_at_all' }),
      ],
      ['no signature', payload, ''],
    ] as const;
    for (const [what, body, sig] of refused) {
      const res = await deliver(body, { header: sig });
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe('INVALID_SIGNATURE');
    }
    expect((await balances(token)).tokens_ltd).toBe(2);
    const ok = await deliver(payload);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true });
    expect((await balances(token)).tokens_ltd).toBe(42);
  });
});

describe('one credit per purchase', () => {
  it('credits once for checkout.session.completed and async_payment_succeeded of one purchase', async () => {
    const { token, event } = await heldPackPurchase('pack-100', 100);
    const async = asPayload(event, { id: newEventId(), type: 'checkout.session.async_payment_succeeded' });
    const results = await Promise.all([deliver(asPayload(event)), deliver(async)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await balances(token)).tokens_ltd).toBe(102);
    expect((await ledger(token)).filter((e) => e.reason === 'purchase')).toHaveLength(1);
  });

  it('credits nothing for an unpaid session', async () => {
    const { token, event } = await heldPackPurchase();
    const unpaid = { ...(event.data.object as object), payment_status: 'unpaid' };
    const res = await deliver(asPayload(event, { id: newEventId(), data: { object: unpaid } }));
    expect(res.status).toBe(200);
    expect((await balances(token)).tokens_ltd).toBe(2);
  });

  it('acknowledges an event type it does not handle with 200 and changes nothing', async () => {
    const { token, event } = await heldPackPurchase();
    const res = await deliver(asPayload(event, { id: newEventId(), type: 'customer.tax_id.created' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect((await balances(token)).tokens_ltd).toBe(2);
  });
});

describe('refunds', () => {
  it('never takes the balance below 0: spent tokens stay spent, and the ledger says so', async () => {
    const user = await activatedUser();
    const session = await startCheckout(user.token, 'pack-40', 40);
    await pay(session);
    const { stripe_customer_id } = await balances(user.token);
    await setPool(String(stripe_customer_id), 'tokens_ltd', 7);
    const pi = String((await stripeApi().checkout.sessions.retrieve(session)).payment_intent);
    await stripeApi().refunds.create({ payment_intent: pi });
    expect((await balances(user.token)).tokens_ltd).toBe(0);
    expect((await ledger(user.token)).find((e) => e.reason === 'refund_partly_spent')).toMatchObject({
      pool: 'ltd',
      amount: -7,
      balance_after: 0,
    });
    // The same refund event again changes nothing.
    const refunded = (await eventsOf('charge.refunded', pi))[0] as RecordedEvent;
    expect((await deliver(asPayload(refunded.event))).status).toBe(200);
    expect((await balances(user.token)).tokens_ltd).toBe(0);
  });
});

describe('the subscription over time', () => {
  it('renews to 100 each month, the unused rest expiring with a ledger entry', async () => {
    const { token, customer } = await subscribed();
    await setPool(customer, 'tokens_subscription', 30);
    await control(`customers/${customer}/advance`, {});
    expect((await balances(token)).tokens_subscription).toBe(100);
    const monthly = (await ledger(token)).filter((e) => e.pool === 'subscription');
    // Within one second the ledger's order is not defined: look at the entries, not their order.
    expect(monthly.filter((e) => e.reason === 'subscription_renewal')).toEqual([
      expect.objectContaining({ amount: 100, balance_after: 100 }),
      expect.objectContaining({ amount: 100, balance_after: 100 }),
    ]);
    expect(monthly.filter((e) => e.reason === 'subscription_expiry')).toEqual([
      expect.objectContaining({ amount: -30, balance_after: 0 }),
    ]);
    const renewal = (await eventsOf('invoice.paid', customer)).at(-1) as RecordedEvent;
    expect(renewal.event.data.object).toMatchObject({
      billing_reason: 'subscription_cycle',
      parent: { subscription_details: { subscription: expect.stringMatching(/^sub_/) } },
    });
  });

  it('stays usable until the period ends after a cancel, then the monthly tokens go to 0', async () => {
    const { token, customer, subscription } = await subscribed();
    await stripeApi().subscriptions.update(subscription, { cancel_at_period_end: true });
    expect(await hasSubscription(token)).toBe(true);
    expect((await balances(token)).tokens_subscription).toBe(100);
    await control(`customers/${customer}/advance`, {});
    expect(await hasSubscription(token)).toBe(false);
    expect((await balances(token)).tokens_subscription).toBe(0);
    expect((await ledger(token)).find((e) => e.reason === 'subscription_expiry')).toMatchObject({
      amount: -100,
      balance_after: 0,
    });
  });

  it('grants nothing on a failed renewal (invoice.payment_failed)', async () => {
    const { token, customer } = await subscribed();
    await setPool(customer, 'tokens_subscription', 40);
    await control(`customers/${customer}/advance`, { fail: true });
    const failed = await eventsOf('invoice.payment_failed', customer);
    expect(failed).toHaveLength(1);
    expect((await balances(token)).tokens_subscription).toBe(40);
  });
});
