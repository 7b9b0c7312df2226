// Team seats paid through a checkout (docs/payments.md, "Team seats"), as pack-payments.ts does for packs:
// the checks every seat event makes, the credit (once per checkout), a bank debit shown on the team page as
// pending until the bank answers, its refusal, and the emails to the team's owner (the receipt with the
// company's invoice, or the refusal), each sent once (receipts.ts emailOnce).

import type { Metrics } from '#platform/domain/metrics.ts';
import type { Clock, Ids, Mailer } from '#platform/domain/ports.ts';
import { CURRENCY } from '#shared/catalogue.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import type { CheckoutEvent } from './pack-payments.ts';
import type { CheckoutRecord, PaymentProvider, SeatPurchaseRecord, WebhookStore } from './ports.ts';
import { emailOnce } from './receipts.ts';
import { seatPaymentFailedEmail, seatReceiptEmail } from './seat-emails.ts';

interface SeatEventDeps {
  provider: PaymentProvider;
  store: WebhookStore;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  metrics: Metrics;
  webUrl: string;
  warn(message: string, detail: Record<string, unknown>): void;
}

/**
 * The purchase of a seat checkout event, from our own record (team, quantity), when the amount is that
 * many seats at the catalogue's price; null (and a warning for the operator) otherwise.
 */
function checkedSeats(
  deps: SeatEventDeps,
  event: CheckoutEvent,
  record: CheckoutRecord,
): SeatPurchaseRecord | null {
  const seats = record.quantity ?? 0;
  if (
    !record.teamId ||
    seats < 1 ||
    event.amountTotal !== seats * TEAM_SEAT.priceCents ||
    event.currency?.toUpperCase() !== CURRENCY
  ) {
    deps.warn('seat checkout not credited: record or amount does not match', {
      sessionId: event.sessionId,
      kind: event.kind,
      seats,
      amountTotal: event.amountTotal,
    });
    return null;
  }
  return {
    sessionId: event.sessionId,
    teamId: record.teamId,
    userId: record.userId,
    seats,
    amountCents: seats * TEAM_SEAT.priceCents,
    checkoutAt: record.createdAt,
    now: deps.clock.now(),
  };
}

/**
 * Paid: the seats come from our record, and the credit is one transaction with the event id, the checkout
 * and the purchase (paid, no longer pending), so a replayed delivery changes nothing. Then the owner's
 * receipt, which a retry may still owe (its sending failed the delivery before).
 */
export async function creditSeats(
  deps: SeatEventDeps,
  event: CheckoutEvent,
  record: CheckoutRecord,
): Promise<'credited' | 'duplicate' | 'ignored'> {
  const purchase = checkedSeats(deps, event, record);
  if (!purchase) return 'ignored';
  if (record.credited) {
    await sendSeatReceiptOnce(deps, purchase);
    return 'duplicate';
  }
  const outcome = await deps.store.creditSeats({
    eventId: event.eventId,
    sessionId: purchase.sessionId,
    teamId: purchase.teamId,
    userId: purchase.userId,
    seats: purchase.seats,
    amountCents: purchase.amountCents,
    paymentIntentId: event.paymentIntentId,
    ledgerEntryId: deps.ids.newId(),
    checkoutAt: purchase.checkoutAt,
    now: purchase.now,
  });
  if (outcome === 'credited') deps.metrics.record('SeatsSold', purchase.seats);
  await sendSeatReceiptOnce(deps, purchase);
  return outcome;
}

/** Completed with a bank debit: the team page shows the purchase as pending until the bank answers. */
export async function recordSeatsPending(
  deps: SeatEventDeps,
  event: CheckoutEvent,
  record: CheckoutRecord,
): Promise<'payment-pending' | 'duplicate' | 'ignored'> {
  const purchase = checkedSeats(deps, event, record);
  if (!purchase) return 'ignored';
  return (await deps.store.recordSeatsPending(purchase)) ? 'payment-pending' : 'duplicate';
}

/** The bank refused the debit: no seats; the team page shows it, and the owner is told once. */
export async function recordSeatsFailed(
  deps: SeatEventDeps,
  event: CheckoutEvent,
  record: CheckoutRecord,
): Promise<'payment-failed' | 'ignored'> {
  const purchase = checkedSeats(deps, event, record);
  if (!purchase) return 'ignored';
  // A refusal after a credit cannot happen for one session; if it ever did, the credit stands.
  if (!(await deps.store.recordSeatsFailed(purchase))) return 'ignored';
  const team = await deps.store.teamOfPurchase(purchase.teamId);
  if (!team) return 'payment-failed';
  await emailOnce(deps, { checkout: purchase.sessionId }, 'payment_failed', team.ownerId, (owner) =>
    seatPaymentFailedEmail(owner.email, owner.lang, facts(deps, purchase, team.name)),
  );
  return 'payment-failed';
}

const facts = (deps: SeatEventDeps, p: SeatPurchaseRecord, teamName: string) => ({
  teamName,
  seats: p.seats,
  amountCents: p.amountCents,
  webUrl: deps.webUrl,
});

/**
 * The owner's receipt of credited seats, with the company's invoice (its page at the provider, kept on the
 * purchase for the team page too). An invoice not made yet fails the delivery, and the claim goes back: the
 * provider's retry sends the receipt.
 */
async function sendSeatReceiptOnce(deps: SeatEventDeps, purchase: SeatPurchaseRecord): Promise<void> {
  const team = await deps.store.teamOfPurchase(purchase.teamId);
  // A team dissolved meanwhile has no one to send it to.
  if (!team) return;
  await emailOnce(deps, { checkout: purchase.sessionId }, 'receipt', team.ownerId, async (owner) => {
    const invoice = await deps.provider.checkoutInvoice(purchase.sessionId);
    if (!invoice) throw new Error(`Seat checkout ${purchase.sessionId}: its invoice is not made yet`);
    await deps.store.saveSeatInvoice(purchase, invoice);
    return seatReceiptEmail(owner.email, owner.lang, { ...facts(deps, purchase, team.name), invoice });
  });
}
