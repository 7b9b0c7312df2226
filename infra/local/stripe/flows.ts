// What happens at "Stripe" when a customer pays, cancels, or time passes: objects change and the events
// Stripe sends for that flow go out, in the order Stripe typically sends them.
import { StripeApiError } from './errors.ts';
import {
  addMonths,
  cardPaymentMethodJson,
  chargeJson,
  invoiceJson,
  paymentIntentJson,
  subscriptionItem,
  subscriptionJson,
} from './objects.ts';
import { packInvoiceJson } from './pack-invoices.ts';
import { LOCAL_PRICES, type LocalPrice } from './prices.ts';
import type { Json, StandInState } from './state.ts';
import type { EventBus } from './webhooks.ts';

/**
 * The test cards and methods the hosted checkout offers: Stripe's test card 4242… and its declined card
 * 4000…0002, and its SEPA test IBANs that settle (DE89…3000) or fail (DE62…3001) a little later.
 */
export const PAYMENT_METHODS = ['card_ok', 'card_declined', 'sepa_delayed', 'sepa_failing'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How long a delayed method (bank debit) takes to settle here. */
const DELAYED_SETTLEMENT_MS = 2500;

type Emit = { type: string; object: Json; previous?: Json }[];

export class Flows {
  private readonly state: StandInState;
  private readonly bus: EventBus;
  /** the stand-in's address for browsers: hosted receipts and invoices live there */
  private readonly baseUrl: () => string;

  constructor(state: StandInState, bus: EventBus, baseUrl: () => string) {
    this.state = state;
    this.bus = bus;
    this.baseUrl = baseUrl;
  }

  private get d() {
    return this.state.data;
  }

  priceOfSession(session: Json): LocalPrice {
    const price = LOCAL_PRICES.get(String(session.price_id));
    if (!price) throw new Error(`session ${String(session.id)} has no local price`);
    return price;
  }

  /** Pay on the hosted checkout page. Returns an error message for a declined card, else null. */
  async pay(sessionId: string, method: PaymentMethod, hold = false): Promise<string | null> {
    const session = this.d.sessions[sessionId];
    if (session?.status !== 'open')
      throw new StripeApiError(400, 'invalid_request_error', 'This checkout session is no longer open.');
    const customer = String(session.customer);
    const now = this.state.now(customer);
    const price = this.priceOfSession(session);
    const metadata = session.metadata as Record<string, string>;
    // What the session charges: its price times its quantity (team seats).
    const amount = Number(session.amount_total ?? price.plan.priceCents);
    const pi = paymentIntentJson({ amount, customer, metadata, now });
    this.d.paymentIntents[pi.id as string] = pi;

    if (method === 'card_declined') {
      const charge = chargeJson({
        amount,
        customer,
        paymentIntent: pi.id as string,
        method: 'card',
        paid: false,
        failure: 'card_declined',
        metadata,
        now,
        baseUrl: this.baseUrl(),
      });
      this.d.charges[charge.id as string] = charge;
      pi.last_payment_error = {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        type: 'card_error',
      };
      pi.latest_charge = charge.id;
      await this.bus.emit(
        [
          {
            type: 'payment_intent.created',
            object: { ...pi, status: 'requires_payment_method', last_payment_error: null },
          },
          { type: 'charge.failed', object: charge },
          { type: 'payment_intent.payment_failed', object: pi },
        ],
        { now, hold },
      );
      this.state.changed();
      return 'Your card was declined.';
    }
    if (session.mode === 'subscription') await this.startSubscription(session, price, pi, hold);
    else await this.payPack(session, pi, method, hold);
    this.state.changed();
    return null;
  }

  private succeed(pi: Json, method: 'card' | 'sepa_debit', now: number, paymentMethod?: string): Json {
    const charge = chargeJson({
      amount: pi.amount as number,
      customer: pi.customer as string,
      paymentIntent: pi.id as string,
      method,
      paid: true,
      failure: null,
      metadata: pi.metadata as Record<string, string>,
      now,
      baseUrl: this.baseUrl(),
      ...(paymentMethod ? { paymentMethod } : {}),
    });
    this.d.charges[charge.id as string] = charge;
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: charge.id,
      payment_method: charge.payment_method,
    });
    return charge;
  }

  private async payPack(session: Json, pi: Json, method: PaymentMethod, hold: boolean): Promise<void> {
    const now = this.state.now(String(session.customer));
    const delayed = method === 'sepa_delayed' || method === 'sepa_failing';
    Object.assign(session, {
      status: 'complete',
      payment_intent: pi.id,
      payment_status: delayed ? 'unpaid' : 'paid',
      payment_method_types: [delayed ? 'sepa_debit' : 'card'],
      url: null,
    });
    if (delayed) {
      Object.assign(pi, { status: 'processing', payment_method_types: ['sepa_debit'] });
      await this.bus.emit(
        [
          { type: 'payment_intent.created', object: { ...pi, status: 'requires_payment_method' } },
          { type: 'payment_intent.processing', object: pi },
          { type: 'checkout.session.completed', object: session },
        ],
        { now, hold },
      );
      // The debit settles a little later: the money arrives with async_payment_succeeded, or the bank
      // refuses it (async_payment_failed).
      const settle = method === 'sepa_failing' ? this.bounce : this.settle;
      setTimeout(() => void settle.call(this, session, pi, hold), DELAYED_SETTLEMENT_MS).unref();
      return;
    }
    const charge = this.succeed(pi, 'card', now);
    const invoiced = this.invoicePack(session, now);
    await this.bus.emit(
      [
        {
          type: 'payment_intent.created',
          object: { ...pi, status: 'requires_payment_method', amount_received: 0, latest_charge: null },
        },
        { type: 'charge.succeeded', object: charge },
        { type: 'payment_intent.succeeded', object: pi },
        { type: 'checkout.session.completed', object: session },
        { type: 'charge.updated', object: charge, previous: { balance_transaction: null } },
        ...invoiced,
      ],
      { now, hold },
    );
  }

  /**
   * A session made with `invoice_creation[enabled]=true` gets a paid invoice once its payment succeeds
   * (the customer portal's invoice history lists it); the events Stripe sends for it.
   */
  private invoicePack(session: Json, now: number): Emit {
    const creation = session.invoice_creation as {
      enabled?: boolean;
      invoice_data?: { metadata?: Record<string, string> };
    } | null;
    if (!creation?.enabled) return [];
    const customer = this.d.customers[String(session.customer)] as Json;
    const invoice = packInvoiceJson({
      customer,
      price: this.priceOfSession(session),
      quantity: Number(session.quantity ?? 1),
      // The session's `invoice_creation[invoice_data][metadata]`, as Stripe copies it to the invoice.
      metadata: creation.invoice_data?.metadata ?? {},
      now,
      baseUrl: this.baseUrl(),
    });
    this.d.invoices[invoice.id as string] = invoice;
    session.invoice = invoice.id;
    return [
      {
        type: 'invoice.created',
        object: { ...invoice, status: 'draft', hosted_invoice_url: null, number: null, amount_paid: 0 },
      },
      { type: 'invoice.finalized', object: { ...invoice, status: 'open', amount_paid: 0 } },
      { type: 'invoice.paid', object: invoice },
      { type: 'invoice.payment_succeeded', object: invoice },
    ];
  }

  private async settle(session: Json, pi: Json, hold: boolean): Promise<void> {
    const now = this.state.now(String(session.customer));
    const charge = this.succeed(pi, 'sepa_debit', now);
    session.payment_status = 'paid';
    const invoiced = this.invoicePack(session, now);
    this.state.changed();
    await this.bus.emit(
      [
        { type: 'charge.succeeded', object: charge },
        { type: 'payment_intent.succeeded', object: pi },
        { type: 'checkout.session.async_payment_succeeded', object: session },
        ...invoiced,
      ],
      { now, hold },
    );
  }

  /** The bank refuses the debit: the payment intent wants another method, the session stays unpaid. */
  private async bounce(session: Json, pi: Json, hold: boolean): Promise<void> {
    const now = this.state.now(String(session.customer));
    const charge = chargeJson({
      amount: pi.amount as number,
      customer: pi.customer as string,
      paymentIntent: pi.id as string,
      method: 'sepa_debit',
      paid: false,
      failure: 'insufficient_funds',
      metadata: pi.metadata as Record<string, string>,
      now,
      baseUrl: this.baseUrl(),
    });
    this.d.charges[charge.id as string] = charge;
    Object.assign(pi, {
      status: 'requires_payment_method',
      latest_charge: charge.id,
      last_payment_error: {
        code: 'insufficient_funds',
        message: charge.failure_message,
        type: 'card_error',
      },
    });
    this.state.changed();
    await this.bus.emit(
      [
        { type: 'charge.failed', object: charge },
        { type: 'payment_intent.payment_failed', object: pi },
        { type: 'checkout.session.async_payment_failed', object: session },
      ],
      { now, hold },
    );
  }

  private async startSubscription(session: Json, price: LocalPrice, pi: Json, hold: boolean): Promise<void> {
    const customerId = String(session.customer);
    const customer = this.d.customers[customerId] as Json;
    const now = this.state.now(customerId);
    const metadata = (session.subscription_metadata as Record<string, string> | undefined) ?? {};
    const sub = subscriptionJson({ customer: customerId, price, metadata, start: now, latestInvoice: null });
    this.d.subscriptions[sub.id as string] = sub;
    const item = subscriptionItem(sub);
    const invoice = invoiceJson({
      customer,
      subscription: sub,
      price,
      billingReason: 'subscription_create',
      periodStart: item.current_period_start as number,
      periodEnd: item.current_period_end as number,
      invoicePeriod: { start: now, end: now },
      now,
    });
    this.d.invoices[invoice.id as string] = invoice;
    sub.latest_invoice = invoice.id;
    const draft = structuredClone(invoice);
    // The subscription's card is saved to the customer: it pays the renewals.
    const card = cardPaymentMethodJson({
      customer: customerId,
      email: (customer.email as string) ?? null,
      now,
    });
    this.d.paymentMethods[card.id as string] = card;
    sub.default_payment_method = card.id;
    const charge = this.succeed(pi, 'card', now, card.id as string);
    this.markPaid(invoice, now);
    Object.assign(session, {
      status: 'complete',
      subscription: sub.id,
      invoice: invoice.id,
      payment_status: 'paid',
      url: null,
    });
    const events: Emit = [
      { type: 'customer.subscription.created', object: sub },
      { type: 'invoice.created', object: draft },
      {
        type: 'invoice.finalized',
        object: { ...invoice, status: 'open', amount_paid: 0, amount_remaining: invoice.amount_due },
      },
      { type: 'charge.succeeded', object: charge },
      { type: 'payment_intent.succeeded', object: pi },
      { type: 'invoice.paid', object: invoice },
      { type: 'invoice.payment_succeeded', object: invoice },
      { type: 'checkout.session.completed', object: session },
    ];
    await this.bus.emit(events, { now, hold });
  }

  private markPaid(invoice: Json, now: number): void {
    Object.assign(invoice, {
      status: 'paid',
      attempted: true,
      attempt_count: 1,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      hosted_invoice_url: `${this.baseUrl()}/i/${String(invoice.id)}`,
      number: `${String(invoice.id).slice(3, 11).toUpperCase()}-0001`,
      status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: now, voided_at: null },
    });
  }

  subscriptionOf(id: string): Json {
    const sub = this.d.subscriptions[id];
    if (!sub)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such subscription: '${id}'`,
        'resource_missing',
        'id',
      );
    return sub;
  }

  /** Portal: cancel at the end of the period, or undo that. */
  async setCancelAtPeriodEnd(id: string, cancel: boolean, hold = false): Promise<Json> {
    const sub = this.subscriptionOf(id);
    if (sub.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    if (sub.cancel_at_period_end === cancel) return sub;
    const now = this.state.now(String(sub.customer));
    const previous = {
      cancel_at: sub.cancel_at,
      cancel_at_period_end: sub.cancel_at_period_end,
      canceled_at: sub.canceled_at,
      cancellation_details: sub.cancellation_details,
    };
    const end = subscriptionItem(sub).current_period_end as number;
    Object.assign(sub, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? end : null,
      canceled_at: cancel ? now : null,
      cancellation_details: {
        comment: null,
        feedback: null,
        reason: cancel ? 'cancellation_requested' : null,
      },
    });
    this.state.changed();
    await this.bus.emit([{ type: 'customer.subscription.updated', object: sub, previous }], { now, hold });
    return sub;
  }

  /** Ends a subscription now (the API's DELETE /v1/subscriptions/:id). */
  async cancelNow(id: string, hold = false): Promise<Json> {
    const sub = this.subscriptionOf(id);
    if (sub.status === 'canceled') return sub;
    const now = this.state.now(String(sub.customer));
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    this.state.changed();
    await this.bus.emit([{ type: 'customer.subscription.deleted', object: sub }], { now, hold });
    return sub;
  }

  /**
   * Test clock: moves this customer's time one month on. A subscription whose period ends meanwhile is
   * renewed (a new invoice, paid, or failed with `failRenewal`) or, when cancelled at period end, deleted.
   */
  async advanceMonth(customerId: string, o: { hold?: boolean; failRenewal?: boolean } = {}): Promise<void> {
    const target = addMonths(this.state.now(customerId), 1);
    this.d.clockOffsets[customerId] =
      (this.d.clockOffsets[customerId] ?? 0) + (target - this.state.now(customerId));
    const subs = Object.values(this.d.subscriptions).filter(
      (s) => s.customer === customerId && s.status !== 'canceled',
    );
    for (const sub of subs) {
      for (let guard = 0; guard < 3 && sub.status !== 'canceled'; guard++) {
        const item = subscriptionItem(sub);
        const end = item.current_period_end as number;
        if (end > target) break;
        if (sub.cancel_at_period_end) await this.endAtPeriodEnd(sub, end, o.hold);
        else await this.renew(sub, item, end, o);
      }
    }
    this.state.changed();
  }

  private async endAtPeriodEnd(sub: Json, end: number, hold?: boolean): Promise<void> {
    Object.assign(sub, { status: 'canceled', ended_at: end });
    await this.bus.emit([{ type: 'customer.subscription.deleted', object: sub }], {
      now: end,
      hold: hold ?? false,
    });
  }

  private async renew(
    sub: Json,
    item: Json,
    end: number,
    o: { hold?: boolean; failRenewal?: boolean },
  ): Promise<void> {
    const price = LOCAL_PRICES.get(String((item.price as Json).id)) as LocalPrice;
    const customer = this.d.customers[String(sub.customer)] as Json;
    const previousItems = structuredClone(sub.items);
    const start = item.current_period_start as number;
    Object.assign(item, { current_period_start: end, current_period_end: addMonths(end, 1) });
    const invoice = invoiceJson({
      customer,
      subscription: sub,
      price,
      billingReason: 'subscription_cycle',
      periodStart: end,
      periodEnd: item.current_period_end as number,
      invoicePeriod: { start, end },
      now: end,
    });
    this.d.invoices[invoice.id as string] = invoice;
    sub.latest_invoice = invoice.id;
    const events: Emit = [
      { type: 'invoice.created', object: structuredClone(invoice) },
      { type: 'invoice.finalized', object: { ...invoice, status: 'open' } },
    ];
    const previousStatus = sub.status;
    if (o.failRenewal) {
      Object.assign(invoice, {
        status: 'open',
        attempted: true,
        attempt_count: 1,
        hosted_invoice_url: `${this.baseUrl()}/i/${String(invoice.id)}`,
        next_payment_attempt: end + 3 * 86400,
      });
      sub.status = 'past_due';
      events.push({ type: 'invoice.payment_failed', object: invoice });
    } else {
      const pi = paymentIntentJson({
        amount: price.plan.priceCents,
        customer: customer.id as string,
        metadata: {},
        now: end,
      });
      this.d.paymentIntents[pi.id as string] = pi;
      const charge = this.succeed(
        pi,
        'card',
        end,
        (sub.default_payment_method as string | null) ?? undefined,
      );
      this.markPaid(invoice, end);
      sub.status = 'active';
      events.push(
        { type: 'charge.succeeded', object: charge },
        { type: 'payment_intent.succeeded', object: pi },
        { type: 'invoice.paid', object: invoice },
        { type: 'invoice.payment_succeeded', object: invoice },
      );
    }
    events.push({
      type: 'customer.subscription.updated',
      object: sub,
      previous: {
        items: previousItems,
        latest_invoice: null,
        ...(previousStatus !== sub.status ? { status: previousStatus } : {}),
      },
    });
    await this.bus.emit(events, { now: end, hold: o.hold ?? false });
  }

  /** Refunds all or part of a payment (the API's POST /v1/refunds). */
  async refund(paymentIntentId: string, amount: number | undefined, hold = false): Promise<Json> {
    const pi = this.d.paymentIntents[paymentIntentId];
    const charge = pi && this.d.charges[String(pi.latest_charge)];
    if (!pi || !charge?.paid)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${paymentIntentId}'`,
        'resource_missing',
        'payment_intent',
      );
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const value = amount ?? left;
    if (value <= 0 || value > left)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount (€${(value / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        'amount_too_large',
        'amount',
      );
    const now = this.state.now(String(charge.customer));
    const refund: Json = {
      id: `re_${String(charge.id).slice(3)}${Object.keys(this.d.refunds).length}`,
      object: 'refund',
      amount: value,
      charge: charge.id,
      created: now,
      currency: 'eur',
      metadata: {},
      payment_intent: pi.id,
      reason: 'requested_by_customer',
      status: 'succeeded',
    };
    this.d.refunds[refund.id as string] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = (charge.amount_refunded as number) + value;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.state.changed();
    await this.bus.emit(
      [
        { type: 'charge.refunded', object: charge, previous },
        { type: 'refund.created', object: refund },
      ],
      { now, hold },
    );
    return refund;
  }
}
