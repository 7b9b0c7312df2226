// Builders of Stripe objects in the shapes of the pinned API version (2025-03-31 "basil" and later:
// periods on subscription items, an invoice's subscription under parent.subscription_details, line
// prices under pricing.price_details).
import type { LocalPrice } from './prices.ts';
import { type Json, newId } from './state.ts';

export const list = (data: Json[], url: string): Json => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

export function customerJson(p: {
  email: string | null;
  metadata: Record<string, string>;
  name: string | null;
  /** the customer's languages for Stripe's emails and pages (`preferred_locales[]`) */
  locales?: string[];
  now: number;
}): Json {
  return {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: p.now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: p.email,
    invoice_prefix: newId('', 8).slice(1).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: p.metadata,
    name: p.name,
    phone: null,
    preferred_locales: p.locales ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** Adds calendar months in UTC, as Stripe's monthly billing does. */
export function addMonths(unix: number, months: number): number {
  const d = new Date(unix * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

export function subscriptionJson(p: {
  customer: string;
  price: LocalPrice;
  metadata: Record<string, string>;
  start: number;
  latestInvoice: string | null;
}): Json {
  const id = newId('sub', 24);
  const end = addMonths(p.start, 1);
  return {
    id,
    object: 'subscription',
    application: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: p.start,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible' },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: p.start,
    currency: 'eur',
    customer: p.customer,
    days_until_due: null,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: list(
      [
        {
          id: newId('si', 14),
          object: 'subscription_item',
          created: p.start,
          current_period_end: end,
          current_period_start: p.start,
          discounts: [],
          metadata: {},
          price: p.price.json,
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      `/v1/subscription_items?subscription=${id}`,
    ),
    latest_invoice: p.latestInvoice,
    livemode: false,
    metadata: p.metadata,
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: p.start,
    status: 'active',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
}

export const subscriptionItem = (sub: Json): Json => (sub.items as { data: Json[] }).data[0] as Json;

/**
 * What every local invoice shares: one line for the price, in euros, the amounts before any payment or
 * status (the callers add those), in the shapes of the pinned API version.
 */
export function oneLineInvoice(p: {
  id: string;
  customer: Json;
  price: LocalPrice;
  /** the line's quantity (team seats); 1 otherwise */
  quantity?: number;
  now: number;
  line: { description: string; parent: Json; period: { start: number; end: number } };
}): Json {
  const quantity = p.quantity ?? 1;
  const amount = p.price.plan.priceCents * quantity;
  return {
    id: p.id,
    object: 'invoice',
    account_country: 'FR',
    account_name: 'Aivatar (local)',
    amount_due: amount,
    amount_overpaid: 0,
    amount_shipping: 0,
    attempt_count: 0,
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
            description: p.line.description,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: p.id,
            livemode: false,
            metadata: {},
            parent: p.line.parent,
            period: p.line.period,
            pretax_credit_amounts: [],
            pricing: {
              type: 'price_details',
              price_details: { price: p.price.json.id, product: p.price.json.product },
              unit_amount_decimal: String(p.price.plan.priceCents),
            },
            quantity,
            taxes: [],
          },
        ],
        `/v1/invoices/${p.id}/lines`,
      ),
      total_count: 1,
    },
    livemode: false,
    next_payment_attempt: null,
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_excluding_tax: amount,
    webhooks_delivered_at: null,
  };
}

export function invoiceJson(p: {
  customer: Json;
  subscription: Json;
  price: LocalPrice;
  billingReason: 'subscription_create' | 'subscription_cycle';
  periodStart: number;
  periodEnd: number;
  /** the invoice's own period: the previous period for a renewal, the creation instant for the first */
  invoicePeriod: { start: number; end: number };
  now: number;
}): Json {
  const id = newId('in', 24);
  const amount = p.price.plan.priceCents;
  const item = subscriptionItem(p.subscription);
  return {
    ...oneLineInvoice({
      id,
      customer: p.customer,
      price: p.price,
      now: p.now,
      line: {
        description: `1 × ${p.price.plan.name} (at €${(amount / 100).toFixed(2)} / month)`,
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: p.subscription.id,
            subscription_item: item.id,
          },
        },
        period: { start: p.periodStart, end: p.periodEnd },
      },
    }),
    amount_paid: 0,
    amount_remaining: amount,
    attempted: false,
    auto_advance: true,
    billing_reason: p.billingReason,
    hosted_invoice_url: null,
    metadata: {},
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: p.subscription.metadata, subscription: p.subscription.id },
    },
    period_end: p.invoicePeriod.end,
    period_start: p.invoicePeriod.start,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
  };
}

export function paymentIntentJson(p: {
  amount: number;
  customer: string;
  metadata: Record<string, string>;
  now: number;
}): Json {
  const id = newId('pi', 24);
  return {
    id,
    object: 'payment_intent',
    amount: p.amount,
    amount_capturable: 0,
    amount_received: 0,
    canceled_at: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${newId('', 24).slice(1)}`,
    confirmation_method: 'automatic',
    created: p.now,
    currency: 'eur',
    customer: p.customer,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: p.metadata,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
  };
}

/** What a failed payment says, by Stripe's failure code. */
const FAILURE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'The account has insufficient funds to cover this payment.',
};

export function chargeJson(p: {
  amount: number;
  customer: string;
  paymentIntent: string;
  method: 'card' | 'sepa_debit';
  paid: boolean;
  failure: string | null;
  metadata: Record<string, string>;
  now: number;
  /** the stand-in's own address: every charge has a hosted receipt at Stripe */
  baseUrl: string;
  /** the card's or account's payment method, when it was saved to the customer */
  paymentMethod?: string;
}): Json {
  const id = newId('ch', 24);
  return {
    id,
    object: 'charge',
    amount: p.amount,
    amount_captured: p.paid ? p.amount : 0,
    amount_refunded: 0,
    balance_transaction: p.paid ? newId('txn', 24) : null,
    captured: p.paid,
    created: p.now,
    currency: 'eur',
    customer: p.customer,
    description: null,
    failure_code: p.failure,
    failure_message: p.failure ? (FAILURE_MESSAGES[p.failure] ?? 'The payment failed.') : null,
    livemode: false,
    metadata: p.metadata,
    outcome: p.failure
      ? {
          network_status: 'declined_by_network',
          reason: 'generic_decline',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          network_status: 'approved_by_network',
          reason: null,
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: p.paid,
    payment_intent: p.paymentIntent,
    payment_method: p.paymentMethod ?? newId('pm', 24),
    payment_method_details:
      p.method === 'card'
        ? {
            type: 'card',
            card: {
              brand: 'visa',
              country: 'US',
              exp_month: 12,
              exp_year: 2034,
              last4: p.failure ? '0002' : '4242',
            },
          }
        : { type: 'sepa_debit', sepa_debit: { country: 'DE', last4: p.failure ? '3001' : '3000' } },
    receipt_url: `${p.baseUrl}/receipts/payment/${id}`,
    refunded: false,
    refunds: list([], '/v1/charges/refunds'),
    status: p.failure ? 'failed' : p.paid ? 'succeeded' : 'pending',
  };
}

/** A card saved to a customer (a subscription's card is: it pays the renewals). */
export function cardPaymentMethodJson(p: { customer: string; email: string | null; now: number }): Json {
  return {
    id: newId('pm', 24),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: { address: null, email: p.email, name: null, phone: null },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: 'visa',
      exp_month: 12,
      exp_year: 2034,
      funding: 'credit',
      last4: '4242',
    },
    created: p.now,
    customer: p.customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}
