// The payment provider port over the Stripe SDK.
import type Stripe from 'stripe';
import type { Language } from '#shared/api-schemas.ts';
import type {
  CheckoutInvoice,
  CreatedCheckout,
  NewCheckout,
  PaymentProvider,
  SubscriptionSnapshot,
} from '../domain/ports.ts';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

function toSnapshot(s: Stripe.Subscription): SubscriptionSnapshot {
  // Since API version 2025-03-31 the period lives on each subscription item, not on the subscription.
  const periodEnd = Math.max(0, ...s.items.data.map((i) => i.current_period_end));
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? '',
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodEnd: periodEnd,
    endedAt: s.ended_at,
  };
}

export class StripePayments implements PaymentProvider {
  private readonly stripe: Stripe;

  constructor(stripe: Stripe) {
    this.stripe = stripe;
  }

  async createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, metadata: { user_id: input.userId } },
      { idempotencyKey: input.idempotencyKey },
    );
    return customer.id;
  }

  async createCheckout(c: NewCheckout): Promise<CreatedCheckout> {
    const metadata = { user_id: c.userId, plan_id: c.planId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: c.mode,
        customer: c.customerId,
        client_reference_id: c.userId,
        metadata,
        line_items: [{ price: c.priceId, quantity: 1 }],
        success_url: c.successUrl,
        cancel_url: c.cancelUrl,
        locale: c.lang,
        ...(c.expiresAt ? { expires_at: c.expiresAt } : {}),
        // No invoice for a personal pack: its receipt email (with Stripe's receipt) is enough, and Stripe
        // charges per invoice. Team seats get one (functions/billing/stripe/stripe-seats.ts): companies book it.
        ...(c.mode === 'payment'
          ? { payment_intent_data: { metadata } }
          : { subscription_data: { metadata: { user_id: c.userId } } }),
      },
      { idempotencyKey: c.idempotencyKey },
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
    return { id: session.id, url: session.url, expiresAt: session.expires_at };
  }

  async createPortalSession(customerId: string, returnUrl: string, lang: Language): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
      locale: lang,
    });
    return session.url;
  }

  async paymentReceiptUrl(paymentIntentId: string): Promise<string | null> {
    // One call: the charge comes inside the payment intent (expanded).
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge;
    if (!charge) return null;
    if (typeof charge === 'string') return (await this.stripe.charges.retrieve(charge)).receipt_url;
    return charge.receipt_url;
  }

  async checkoutInvoice(sessionId: string): Promise<CheckoutInvoice | null> {
    // One call: the invoice comes inside the session (expanded), as it is now.
    const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['invoice'] });
    const invoice = session.invoice;
    if (!invoice) return null;
    const found = typeof invoice === 'string' ? await this.stripe.invoices.retrieve(invoice) : invoice;
    if (!found.id || !found.hosted_invoice_url) return null;
    return { id: found.id, url: found.hosted_invoice_url, number: found.number ?? null };
  }

  async getSubscription(id: string): Promise<SubscriptionSnapshot> {
    return toSnapshot(await this.stripe.subscriptions.retrieve(id));
  }

  async cancelSubscriptionNow(id: string): Promise<void> {
    await this.stripe.subscriptions.cancel(id);
  }
}
