// The invoice Checkout makes after a one-time payment when the session asked for it
// (`invoice_creation[enabled]=true`): already paid, no subscription (`parent: null`), one line for the
// price, in the shapes of the pinned API version. The customer portal's invoice history lists it.
import { oneLineInvoice } from './objects.ts';
import type { LocalPrice } from './prices.ts';
import { type Json, newId } from './state.ts';

export function packInvoiceJson(p: {
  customer: Json;
  price: LocalPrice;
  /** the session's quantity (team seats); 1 for a pack */
  quantity?: number;
  metadata: Record<string, string>;
  now: number;
  baseUrl: string;
}): Json {
  const id = newId('in', 24);
  return {
    ...oneLineInvoice({
      id,
      customer: p.customer,
      price: p.price,
      quantity: p.quantity ?? 1,
      now: p.now,
      line: {
        description: p.price.plan.name,
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
      },
    }),
    amount_paid: p.price.plan.priceCents * (p.quantity ?? 1),
    amount_remaining: 0,
    attempted: true,
    auto_advance: false,
    billing_reason: 'manual',
    hosted_invoice_url: `${p.baseUrl}/i/${id}`,
    metadata: p.metadata,
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
  };
}
