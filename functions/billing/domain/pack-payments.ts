// A pack's payment beyond its credit: the checks every pack event makes, a delayed payment (bank debit)
// shown as pending until the bank answers, and its refusal (told once: receipts.ts).

import type { Clock, Mailer } from '#platform/domain/ports.ts';
import { CURRENCY, findPack, type TokenPack } from '#shared/catalogue.ts';
import { paymentFailedEmail } from './payment-emails.ts';
import type { BillingEvent, CheckoutRecord, DelayedPayment, PaymentProvider, WebhookStore } from './ports.ts';
import { emailOnce } from './receipts.ts';

interface PackEventDeps {
  provider: PaymentProvider;
  store: WebhookStore;
  clock: Clock;
  mailer: Mailer;
  webUrl: string;
  warn(message: string, detail: Record<string, unknown>): void;
}

export type CheckoutEvent = Extract<BillingEvent, { sessionId: string }>;

/**
 * The pack of a checkout event, from our own record (never from the event's metadata), when the amount is
 * the pack's price; null (and a warning for the operator) otherwise.
 */
export async function checkedPack(
  deps: PackEventDeps,
  event: CheckoutEvent,
  /** the checkout's record when the caller read it already (undefined: read here) */
  known?: CheckoutRecord | null,
): Promise<{ record: CheckoutRecord; pack: TokenPack } | null> {
  const record = known === undefined ? await deps.store.getCheckout(event.sessionId) : known;
  const pack = record ? findPack(record.planId) : undefined;
  if (!record || !pack || record.mode !== 'payment') {
    deps.warn('checkout session we did not start', { sessionId: event.sessionId, kind: event.kind });
    return null;
  }
  if (event.amountTotal !== pack.priceCents || event.currency?.toUpperCase() !== CURRENCY) {
    deps.warn('paid amount differs from the pack price: not credited', {
      sessionId: event.sessionId,
      pack: pack.id,
      amountTotal: event.amountTotal,
      currency: event.currency,
    });
    return null;
  }
  return { record, pack };
}

const delayed = (record: CheckoutRecord, pack: TokenPack, now: number): DelayedPayment => ({
  sessionId: record.sessionId,
  userId: record.userId,
  planId: pack.id,
  tokens: pack.tokens,
  amountCents: pack.priceCents,
  now,
});

/** Completed with a delayed method: the account shows the payment as pending until the bank answers. */
export async function recordPendingPayment(
  deps: PackEventDeps,
  event: CheckoutEvent,
  /** the checkout's record when the caller read it already */
  known?: CheckoutRecord | null,
): Promise<'payment-pending' | 'duplicate' | 'ignored'> {
  const checked = await checkedPack(deps, event, known);
  if (!checked) return 'ignored';
  const written = await deps.store.recordPendingPayment(
    delayed(checked.record, checked.pack, deps.clock.now()),
  );
  return written ? 'payment-pending' : 'duplicate';
}

/** The bank refused the debit: the account shows it, and the owner is told once. */
export async function recordFailedPayment(
  deps: PackEventDeps,
  event: CheckoutEvent,
  /** the checkout's record when the caller read it already */
  known?: CheckoutRecord | null,
): Promise<'payment-failed' | 'ignored'> {
  const checked = await checkedPack(deps, event, known);
  if (!checked) return 'ignored';
  const { record, pack } = checked;
  // A refusal after a credit cannot happen for one session; if it ever did, the credit stands.
  if (!(await deps.store.recordFailedPayment(delayed(record, pack, deps.clock.now())))) return 'ignored';
  await emailOnce(deps, { checkout: record.sessionId }, 'payment_failed', record.userId, (account) =>
    paymentFailedEmail(account.email, account.lang, { pack, webUrl: deps.webUrl }),
  );
  return 'payment-failed';
}
