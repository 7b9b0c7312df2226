// The Stripe webhook's handler in-process: a delivery is believed only with Stripe's signature over its
// exact bytes (functions/billing/webhook-routes.ts).
import { describe, expect, it } from 'vitest';
import { call } from '../support/handler-events.ts';

describe('the Stripe webhook', () => {
  it('refuses a delivery without a valid signature with 400, and carries no CORS headers', async () => {
    const event = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } });
    for (const headers of [
      {} as Record<string, string>,
      { 'stripe-signature': 't=1,v1=00' },
      { 'stripe-signature': 'garbage' },
    ]) {
      const res = await call('stripeWebhook', { rawBody: event, headers, requestId: 'webhook-1' });
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(res.body.code).toBe('INVALID_SIGNATURE');
      expect(res.headers['x-correlation-id']).toBe('webhook-1');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
