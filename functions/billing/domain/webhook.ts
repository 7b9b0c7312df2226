// What a verified provider event does (docs/payments.md, "Events"): packs credit lifetime
// tokens once per checkout session (team seats their team's seats: seat-payments.ts), each paid invoice
// sets the month's tokens once per invoice, state events keep the subscription as the provider has it
// now, refunds take back unused pack tokens (or a seat purchase's free seats).
// Every decision reads the current state (the event's object, the provider, or our records), never order.

import type { Metrics } from '#platform/domain/metrics.ts';
import type { Clock, Ids, Mailer } from '#platform/domain/ports.ts';
import { SUBSCRIPTION } from '#shared/catalogue.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import {
  type CheckoutEvent,
  checkedPack,
  recordFailedPayment,
  recordPendingPayment,
} from './pack-payments.ts';
import type { BillingEvent, PaymentProvider, WebhookStore } from './ports.ts';
import { sendMonthReceiptOnce, sendReceiptOnce, startReceiptReads } from './receipts.ts';
import { creditSeats, recordSeatsFailed, recordSeatsPending } from './seat-payments.ts';

export interface WebhookDeps {
  provider: PaymentProvider;
  store: WebhookStore;
  clock: Clock;
  ids: Ids;
  /** The provider's price id of each catalogue plan. */
  priceIds: Readonly<Record<string, string>>;
  /** Things an operator must look at (an amount that does not match, a second subscription). */
  warn(message: string, detail: Record<string, unknown>): void;
  /** TokensSold, once per credit that happened (not per duplicate delivery). */
  metrics: Metrics;
  /** receipts and payment notices */
  mailer: Mailer;
  /** the public web URL the emails link to */
  webUrl: string;
}

type WebhookOutcome =
  | 'credited'
  | 'duplicate'
  | 'not-paid-yet'
  /** a delayed payment shown as pending, or as refused by the bank */
  | 'payment-pending'
  | 'payment-failed'
  | 'subscription-linked'
  | 'subscription-ended'
  /** an invoice for a period already covered, or for a subscription that has ended since */
  | 'stale'
  | 'state-kept'
  | 'refunded'
  | 'ignored';

export async function handleBillingEvent(deps: WebhookDeps, event: BillingEvent): Promise<WebhookOutcome> {
  switch (event.kind) {
    case 'checkout-unpaid':
      // A delayed method (bank debit): the money comes with async_payment_succeeded, or never.
      return event.mode === 'payment' ? pendingPayment(deps, event) : 'not-paid-yet';
    case 'checkout-failed':
      return event.mode === 'payment' ? failedPayment(deps, event) : 'ignored';
    case 'checkout-paid':
      return event.mode === 'payment' ? creditPack(deps, event) : linkSubscription(deps, event);
    case 'invoice-paid':
      return grantMonth(deps, event);
    case 'subscription-changed':
      return keepSubscriptionState(deps, event.subscriptionId, event.customerId);
    case 'charge-refunded':
      return takeBackRefund(deps, event);
    case 'ignored':
      return 'ignored';
  }
}

/** A bank debit not settled yet, of a pack or of team seats (seat-payments.ts). */
async function pendingPayment(deps: WebhookDeps, event: CheckoutEvent): Promise<WebhookOutcome> {
  const found = await deps.store.getCheckout(event.sessionId);
  if (found?.planId === TEAM_SEAT.id) return recordSeatsPending(deps, event, found);
  return recordPendingPayment(deps, event, found);
}

async function failedPayment(deps: WebhookDeps, event: CheckoutEvent): Promise<WebhookOutcome> {
  const found = await deps.store.getCheckout(event.sessionId);
  if (found?.planId === TEAM_SEAT.id) return recordSeatsFailed(deps, event, found);
  return recordFailedPayment(deps, event, found);
}

async function creditPack(deps: WebhookDeps, event: CheckoutEvent): Promise<WebhookOutcome> {
  const found = await deps.store.getCheckout(event.sessionId);
  if (found?.planId === TEAM_SEAT.id) return creditSeats(deps, event, found);
  // Tokens come from the catalogue through our own record; the amount paid must be the pack's price.
  const checked = await checkedPack(deps, event, found);
  if (!checked) return 'ignored';
  const { record, pack } = checked;
  // Stripe's retries mostly end here; the transaction below is what guarantees one credit. A retry may
  // still owe the receipt (its sending failed the delivery before).
  if (record.credited) {
    await sendReceiptOnce(deps, record.userId, event, pack);
    return 'duplicate';
  }
  // The receipt's reads (the account, the provider's receipt) go beside the transaction, not after it.
  const reads = startReceiptReads(deps, record.userId, event);
  const outcome = await deps.store.creditPack({
    eventId: event.eventId,
    sessionId: event.sessionId,
    userId: record.userId,
    tokens: pack.tokens,
    amountCents: pack.priceCents,
    paymentIntentId: event.paymentIntentId,
    ledgerEntryId: deps.ids.newId(),
    now: deps.clock.now(),
  });
  if (outcome === 'credited') deps.metrics.record('TokensSold', pack.tokens);
  // A credit claims the receipt; a duplicate's claim is tried (the crediting delivery may have lost it).
  await sendReceiptOnce(deps, record.userId, event, pack, { reads, claimed: outcome === 'credited' });
  return outcome;
}

/** A subscription checkout grants nothing itself (invoice.paid does): it links the subscription. */
async function linkSubscription(deps: WebhookDeps, event: CheckoutEvent): Promise<WebhookOutcome> {
  if (!event.subscriptionId || !event.customerId) return 'ignored';
  const record = await deps.store.getCheckout(event.sessionId);
  if (record?.mode !== 'subscription') {
    deps.warn('subscription checkout we did not start', { sessionId: event.sessionId });
    return 'ignored';
  }
  const account = await deps.store.getAccount(record.userId);
  const other = account?.subscription;
  if (other && other.id !== event.subscriptionId && other.status !== 'canceled') {
    // Two checkouts slipped past the one-subscription rule: keep the first, end this one, tell the operator.
    deps.warn('second subscription for one account: cancelled at once, refund it', {
      userId: record.userId,
      kept: other.id,
      cancelled: event.subscriptionId,
    });
    await deps.provider.cancelSubscriptionNow(event.subscriptionId);
    return 'ignored';
  }
  await keepSubscriptionState(deps, event.subscriptionId, event.customerId, record.userId);
  return 'subscription-linked';
}

async function keepSubscriptionState(
  deps: WebhookDeps,
  subscriptionId: string,
  customerId: string,
  knownUserId?: string,
): Promise<WebhookOutcome> {
  const userId = knownUserId ?? (await deps.store.userOfCustomer(customerId));
  if (!userId) {
    deps.warn('subscription of a customer we do not know', { subscriptionId, customerId });
    return 'ignored';
  }
  const snapshot = await deps.provider.getSubscription(subscriptionId);
  await deps.store.applySubscription(userId, snapshot, {
    ledgerEntryId: deps.ids.newId(),
    now: deps.clock.now(),
  });
  return snapshot.status === 'canceled' ? 'subscription-ended' : 'state-kept';
}

type InvoiceEvent = Extract<BillingEvent, { kind: 'invoice-paid' }>;

async function grantMonth(deps: WebhookDeps, event: InvoiceEvent): Promise<WebhookOutcome> {
  if (!event.subscriptionId) return 'ignored';
  if (event.priceId !== deps.priceIds[SUBSCRIPTION.id]) {
    deps.warn('paid invoice for a price that is not the subscription: not granted', {
      invoiceId: event.invoiceId,
      priceId: event.priceId,
    });
    return 'ignored';
  }
  const userId = await deps.store.userOfCustomer(event.customerId);
  if (!userId) {
    deps.warn('paid invoice of a customer we do not know', { invoiceId: event.invoiceId });
    return 'ignored';
  }
  // The subscription as it is now: an invoice paid for a subscription that has since ended grants nothing.
  const snapshot = await deps.provider.getSubscription(event.subscriptionId);
  const now = deps.clock.now();
  await deps.store.applySubscription(userId, snapshot, { ledgerEntryId: deps.ids.newId(), now });
  if (snapshot.status === 'canceled' || event.periodEnd <= now) return 'subscription-ended';
  const outcome = await deps.store.grantPeriod({
    eventId: event.eventId,
    invoiceId: event.invoiceId,
    userId,
    subscriptionId: event.subscriptionId,
    tokens: SUBSCRIPTION.tokens,
    periodEnd: event.periodEnd,
    expiryEntryId: deps.ids.newId(),
    renewalEntryId: deps.ids.newId(),
    now,
  });
  if (outcome === 'credited') deps.metrics.record('TokensSold', SUBSCRIPTION.tokens);
  // A retry may still owe the receipt; a stale invoice granted nothing and gets none.
  if (outcome !== 'stale') await sendMonthReceiptOnce(deps, userId, event);
  return outcome;
}

type RefundEvent = Extract<BillingEvent, { kind: 'charge-refunded' }>;

/** A pack's refund takes back its unused tokens; a seat purchase's, its free seats (docs/payments.md). */
async function takeBackRefund(deps: WebhookDeps, event: RefundEvent): Promise<WebhookOutcome> {
  if (!event.paymentIntentId) return 'ignored';
  const outcome = await deps.store.clawBackRefund({
    eventId: event.eventId,
    paymentIntentId: event.paymentIntentId,
    amountRefunded: event.amountRefunded,
    ledgerEntryId: deps.ids.newId(),
    now: deps.clock.now(),
  });
  if (outcome === 'unknown-payment') return 'ignored';
  return outcome === 'credited' ? 'refunded' : 'duplicate';
}
