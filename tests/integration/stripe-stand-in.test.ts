// The local Stripe stand-in speaks Stripe's protocol to the real SDK: form-encoded requests, Stripe's JSON
// and error shapes, idempotency keys, the pinned API version, and webhook signatures the SDK verifies.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeClient } from '#platform/stripe/stripe-client.ts';
import { LOCAL_PRICE_IDS } from '../../infra/local/stripe/prices.ts';
import { signatureHeader } from '../../infra/local/stripe/webhooks.ts';
import { activatedUser, stack } from '../support/api.ts';
import { pay, startCheckout, stripeApi } from '../support/stripe.ts';

describe('the local Stripe stand-in', () => {
  it('replays a create with the same idempotency key, and refuses the key with other parameters', async () => {
    const stripe = stripeApi();
    const key = `test-${Math.random()}`;
    const a = await stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.customers.create({ email: 'b@example.test' }, { idempotencyKey: key }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('answers errors in Stripe’s shape, which the SDK turns into its error classes', async () => {
    await expect(stripeApi().customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
      message: "No such customer: 'cus_missing'",
    });
    const customer = await stripeApi().customers.create({ email: 'c@example.test' });
    await expect(
      stripeApi().checkout.sessions.create({
        mode: 'payment',
        customer: customer.id,
        success_url: 'http://localhost/ok',
        line_items: [{ price: LOCAL_PRICE_IDS['monthly-100'] as string, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items[0][price]' });
    const wrongKey = createStripeClient({ secretKey: 'sk_test_not_the_key', apiUrl: stack().stripe.url });
    await expect(wrongKey.customers.retrieve(customer.id)).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('expands a payment’s charge when asked (the receipt’s one call), and refuses what cannot expand', async () => {
    const { token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    await pay(session);
    const pi = String((await stripeApi().checkout.sessions.retrieve(session)).payment_intent);
    const plain = await stripeApi().paymentIntents.retrieve(pi);
    expect(typeof plain.latest_charge).toBe('string');
    const charge = await stripeApi().charges.retrieve(plain.latest_charge as string);
    const expanded = await stripeApi().paymentIntents.retrieve(pi, { expand: ['latest_charge'] });
    expect(expanded.latest_charge).toMatchObject({
      id: charge.id,
      object: 'charge',
      receipt_url: charge.receipt_url,
    });
    expect(charge.receipt_url).toMatch(/^http/);
    await expect(stripeApi().paymentIntents.retrieve(pi, { expand: ['amount'] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expand',
      message: 'This property cannot be expanded (amount).',
    });
  });

  it('serves the catalogue’s prices and says which API version it speaks', async () => {
    const price = await stripeApi().prices.retrieve(LOCAL_PRICE_IDS['pack-40'] as string);
    expect(price).toMatchObject({
      unit_amount: 900,
      currency: 'eur',
      type: 'one_time',
      lookup_key: 'pack-40',
    });
    expect(price.lastResponse.headers['stripe-version']).toBe(Stripe.API_VERSION);
    const monthly = await stripeApi().prices.retrieve(LOCAL_PRICE_IDS['monthly-100'] as string);
    expect(monthly.recurring).toMatchObject({ interval: 'month' });
  });

  it('signs events as Stripe does: the SDK verifies them, and refuses another secret', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping' }, null, 2);
    const header = signatureHeader(payload, 'whsec_local_test');
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_local_test').id).toBe('evt_1');
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
  });
});
