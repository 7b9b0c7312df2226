// Verifies a webhook delivery (signature over the exact raw bytes, Stripe's default 300 s tolerance) and
// reads the event into the billing domain's words.
import type Stripe from 'stripe';
import { DomainError } from '#platform/domain/errors.ts';
import type { BillingEvent, EventVerifier } from '../domain/ports.ts';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

export class StripeEventVerifier implements EventVerifier {
  private readonly stripe: Stripe;
  private readonly secret: string;

  constructor(stripe: Stripe, webhookSecret: string) {
    this.stripe = stripe;
    this.secret = webhookSecret;
  }

  verify(rawBody: string, signatureHeader: string | undefined): BillingEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.secret);
    } catch (e) {
      throw new DomainError(
        'INVALID_SIGNATURE',
        `Webhook signature verification failed: ${e instanceof Error ? e.message.split('\n')[0] : 'invalid'}`,
      );
    }
    return toBillingEvent(event);
  }
}

function toBillingEvent(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const s = event.data.object;
      return {
        // A delayed method: completed while unpaid, then the bank's answer (the session stays unpaid
        // when it refuses).
        kind:
          event.type === 'checkout.session.async_payment_failed'
            ? 'checkout-failed'
            : s.payment_status === 'unpaid'
              ? 'checkout-unpaid'
              : 'checkout-paid',
        eventId: event.id,
        sessionId: s.id,
        mode: s.mode === 'subscription' ? 'subscription' : 'payment',
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
        paymentIntentId: idOf(s.payment_intent),
        amountTotal: s.amount_total,
        currency: s.currency,
      };
    }
    case 'invoice.paid': {
      const inv = event.data.object;
      // API version 2025-03-31 and later: the subscription is under parent.subscription_details.
      const subscriptionId = idOf(inv.parent?.subscription_details?.subscription);
      const line = inv.lines.data.find((l) => l.parent?.subscription_item_details) ?? inv.lines.data[0];
      return {
        kind: 'invoice-paid',
        eventId: event.id,
        invoiceId: inv.id,
        customerId: idOf(inv.customer) ?? '',
        amountPaid: inv.amount_paid,
        hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
        subscriptionId,
        priceId: idOf(line?.pricing?.price_details?.price),
        // The line's period is the one paid for (the invoice's own period is the previous one's usage).
        periodStart: line?.period.start ?? inv.period_start,
        periodEnd: line?.period.end ?? inv.period_end,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return {
        kind: 'subscription-changed',
        eventId: event.id,
        subscriptionId: sub.id,
        customerId: idOf(sub.customer) ?? '',
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        kind: 'charge-refunded',
        eventId: event.id,
        paymentIntentId: idOf(charge.payment_intent),
        amount: charge.amount,
        amountRefunded: charge.amount_refunded,
      };
    }
    default:
      // invoice.payment_failed, and every type we do not use.
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}
