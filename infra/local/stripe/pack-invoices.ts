// The invoice Checkout makes after a one-time payment when the session asked for it
// (`invoice_creation[enabled]=true`): already paid, no subscription (`parent: null`), one line for the
// price, in the shapes of the pinned API version. The customer portal's invoice history lists it.
import { list } from './objects.ts';
import type { LocalPrice } from './prices.ts';
import { type Json, newId } from './state.ts';

export function packInvoiceJson(p: {
  customer: Json;
  price: LocalPrice;
  metadata: Record<string, string>;
  now: number;
  baseUrl: string;
}): Json {
  const id = newId('in', 24);
  const amount = p.price.plan.priceCents;
  return {
    id,
    object: 'invoice',
    account_country: 'FR',
    account_name: 'Aivatar (local)',
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: amount,
    amount_remaining: 0,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: true,
    auto_advance: false,
    billing_reason: 'manual',
    collection_method: 'charge_automatically',
    created: p.now,
    currency: 'eur',
    customer: p.customer.id,
    customer_email: p.customer.email,
    customer_name: p.customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: p.now,
    hosted_invoice_url: `${p.baseUrl}/i/${id}`,
    invoice_pdf: null,
    issuer: { type: 'self' },
    lines: {
      ...list(
        [
          {
            id: newId('il', 24),
            object: 'line_item',
            amount,
            currency: 'eur',
            description: p.price.plan.name,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'invoice_item_details',
              invoice_item_details: {
                invoice_item: newId('ii', 24),
                proration: false,
                proration_details: { credited_items: null },
                subscription: null,
              },
              subscription_item_details: null,
            },
            period: { start: p.now, end: p.now },
            pretax_credit_amounts: [],
            pricing: {
              type: 'price_details',
              price_details: { price: p.price.json.id, product: p.price.json.product },
              unit_amount_decimal: String(amount),
            },
            quantity: 1,
            taxes: [],
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
      total_count: 1,
    },
    livemode: false,
    metadata: p.metadata,
    next_payment_attempt: null,
    number: `${id.slice(3, 11).toUpperCase()}-0001`,
    parent: null,
    period_end: p.now,
    period_start: p.now,
    status: 'paid',
    status_transitions: {
      finalized_at: p.now,
      marked_uncollectible_at: null,
      paid_at: p.now,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_excluding_tax: amount,
    webhooks_delivered_at: null,
  };
}
