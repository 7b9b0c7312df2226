// Ports of the billing domain: the payment provider (Stripe in production and in the local stand-in) and
// the store that keeps customers, checkouts, subscriptions and credits. The domain never sees Stripe types.
import type { Language } from '#shared/api-schemas.ts';

export type CheckoutMode = 'payment' | 'subscription';

/** What the provider says about a subscription right now (never what an earlier event said). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** the provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** end of the period paid for (Unix seconds) */
  currentPeriodEnd: number;
  /** set once the subscription is over */
  endedAt: number | null;
}

export interface NewCheckout {
  mode: CheckoutMode;
  customerId: string;
  /** the provider's price id for the plan */
  priceId: string;
  userId: string;
  planId: string;
  successUrl: string;
  cancelUrl: string;
  lang: Language;
  /** Unix seconds; the provider's default (24 h) when absent */
  expiresAt?: number;
  /** makes a retried create return the same session */
  idempotencyKey: string;
}

export interface CreatedCheckout {
  id: string;
  url: string;
  /** Unix seconds */
  expiresAt: number;
}

export interface CheckoutInvoice {
  id: string;
  /** its page at the provider (`hosted_invoice_url`) */
  url: string;
  number: string | null;
}

export interface PaymentProvider {
  createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string>;
  createCheckout(input: NewCheckout): Promise<CreatedCheckout>;
  createPortalSession(customerId: string, returnUrl: string, lang: Language): Promise<string>;
  /** The provider's hosted receipt of a payment (null: it has none, e.g. not charged yet). */
  paymentReceiptUrl(paymentIntentId: string): Promise<string | null>;
  /**
   * The invoice a paid checkout made (`invoice_creation`: team seats), with its hosted page; null while it
   * is not made or not finalized yet.
   */
  checkoutInvoice(sessionId: string): Promise<CheckoutInvoice | null>;
  getSubscription(id: string): Promise<SubscriptionSnapshot>;
  /** Ends a subscription at once (a second one that slipped through). */
  cancelSubscriptionNow(id: string): Promise<void>;
}

/** A verified provider event, in the product's words. */
export type BillingEvent =
  | {
      /** unpaid: a delayed method (bank debit) not settled yet; failed: the bank refused it */
      kind: 'checkout-paid' | 'checkout-unpaid' | 'checkout-failed';
      eventId: string;
      sessionId: string;
      mode: CheckoutMode;
      customerId: string | null;
      subscriptionId: string | null;
      paymentIntentId: string | null;
      amountTotal: number | null;
      currency: string | null;
    }
  | {
      kind: 'invoice-paid';
      eventId: string;
      invoiceId: string;
      customerId: string;
      amountPaid: number;
      /** the invoice's page at the provider (its receipt), once finalized */
      hostedInvoiceUrl: string | null;
      /** null: not a subscription's invoice */
      subscriptionId: string | null;
      priceId: string | null;
      periodStart: number;
      periodEnd: number;
    }
  | { kind: 'subscription-changed'; eventId: string; subscriptionId: string; customerId: string }
  | {
      kind: 'charge-refunded';
      eventId: string;
      paymentIntentId: string | null;
      amount: number;
      amountRefunded: number;
    }
  /** handled by acknowledging it: a failed payment grants nothing, an unknown type is not ours */
  | { kind: 'ignored'; eventId: string; type: string };

export interface EventVerifier {
  /** Throws INVALID_SIGNATURE unless the raw body is signed with the webhook secret, recently. */
  verify(rawBody: string, signatureHeader: string | undefined): BillingEvent;
}

export interface ActiveSubscription {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
}

export interface OpenCheckout {
  sessionId: string;
  url: string;
  expiresAt: number;
}

export interface BillingAccount {
  userId: string;
  /** where the account's receipts go, and in which language */
  email: string;
  lang: Language;
  customerId: string | null;
  subscription: ActiveSubscription | null;
  /** a subscription checkout started and not yet expired */
  openSubscriptionCheckout: OpenCheckout | null;
  tokensLtd: number;
  tokensSubscription: number;
}

export interface CheckoutRecord {
  sessionId: string;
  userId: string;
  planId: string;
  mode: CheckoutMode;
  amountCents: number;
  createdAt: number;
  /** its tokens were credited (only ever goes from false to true) */
  credited?: boolean;
  /** team seats (docs/product.md, "Teams"): the team and the number of seats bought */
  teamId?: string;
  quantity?: number;
}

/** A paid seat checkout, credited once to its team's seats and ledger (docs/payments.md, "Team seats"). */
export interface SeatCredit {
  eventId: string;
  sessionId: string;
  teamId: string;
  userId: string;
  seats: number;
  /** what was paid (seats at the catalogue's price): a refund takes back its share of the seats */
  amountCents: number;
  /** the payment a refund names (charge.refunded): null when the provider sent none */
  paymentIntentId: string | null;
  ledgerEntryId: string;
  /** when the checkout was made: the purchase's place in the team's list */
  checkoutAt: number;
  now: number;
}

/** A seat purchase as the team page lists it (its SEAT_PURCHASE# record): pending, refused or paid. */
export interface SeatPurchaseRecord {
  sessionId: string;
  teamId: string;
  userId: string;
  seats: number;
  amountCents: number;
  /** when the checkout was made: the purchase's place in the team's list */
  checkoutAt: number;
  now: number;
}

export interface PackCredit {
  eventId: string;
  sessionId: string;
  userId: string;
  tokens: number;
  amountCents: number;
  paymentIntentId: string | null;
  ledgerEntryId: string;
  now: number;
}

export interface PeriodGrant {
  eventId: string;
  invoiceId: string;
  userId: string;
  subscriptionId: string;
  tokens: number;
  periodEnd: number;
  expiryEntryId: string;
  renewalEntryId: string;
  now: number;
}

export interface RefundClawback {
  eventId: string;
  paymentIntentId: string;
  amountRefunded: number;
  ledgerEntryId: string;
  now: number;
}

export type CreditOutcome = 'credited' | 'duplicate';

/** A pack paid by a delayed method (bank debit): pending until the bank answers. */
export interface DelayedPayment {
  sessionId: string;
  userId: string;
  planId: string;
  tokens: number;
  amountCents: number;
  now: number;
}

/**
 * The emails a payment sends once each: its receipt (a pack's or team seats' checkout once credited, a
 * month's invoice once granted), or the word that the bank refused a checkout's debit.
 */
export type PaymentEmail = 'receipt' | 'payment_failed';

/** The record a payment's emails are claimed on: its checkout session's, or its invoice's. */
export type PaymentRecord = { checkout: string } | { invoice: string };

export interface BillingStore {
  getAccount(userId: string): Promise<BillingAccount | null>;
  /** Stores the account's customer id unless it has one; returns the one it keeps. */
  linkCustomer(userId: string, customerId: string): Promise<string>;
  userOfCustomer(customerId: string): Promise<string | null>;
  /**
   * Holds the account's one subscription checkout: fails (false) while another unexpired one is open or
   * a subscription is active.
   */
  holdSubscriptionCheckout(userId: string, checkout: OpenCheckout, now: number): Promise<boolean>;
  saveCheckout(record: CheckoutRecord): Promise<void>;
}

/** What the webhook reads and writes besides: credits, grants, refunds, states, delayed payments, emails. */
export interface WebhookStore extends BillingStore {
  getCheckout(sessionId: string): Promise<CheckoutRecord | null>;
  /**
   * One transaction: the event id, the session (credited once), the team's seats and its ledger entry.
   * 'duplicate' when the event or the session was applied before.
   */
  creditSeats(credit: SeatCredit): Promise<CreditOutcome>;
  /**
   * The team's purchase shows as pending (a bank debit): not once the session was credited, nor over the
   * bank's refusal. False when nothing was written. The seats' credit makes it paid in its transaction.
   */
  recordSeatsPending(purchase: SeatPurchaseRecord): Promise<boolean>;
  /** The bank refused it: shown as failed (for 30 days), unless the session was credited. */
  recordSeatsFailed(purchase: SeatPurchaseRecord): Promise<boolean>;
  /** The paid purchase's invoice, for the team page. */
  saveSeatInvoice(purchase: SeatPurchaseRecord, invoice: CheckoutInvoice): Promise<void>;
  /** The team's owner (who its purchases' emails go to) and name; null for a team gone or dissolved. */
  teamOfPurchase(teamId: string): Promise<{ ownerId: string; name: string } | null>;
  /**
   * One transaction: the event id, the session (credited once), the balance and its ledger entry; the
   * session's delayed payment, if any, stops being pending. 'credited' also claims the session's receipt
   * email (claimEmail) for the caller, which sends it.
   */
  creditPack(credit: PackCredit): Promise<CreditOutcome>;
  /**
   * Shows a delayed payment as pending on the account: not once the session was credited, nor over the
   * bank's refusal (events come out of order). False when nothing was written.
   */
  recordPendingPayment(payment: DelayedPayment): Promise<boolean>;
  /** The bank refused it: shown as failed (for 30 days), unless the session was credited. */
  recordFailedPayment(payment: DelayedPayment): Promise<boolean>;
  /**
   * The right to send one of a payment's emails: true for one caller (a receipt only once the session is
   * credited or the invoice granted, a refusal only while the session is not credited), until it is sent;
   * again after a minute if the sender never said it was sent or released it.
   */
  claimEmail(of: PaymentRecord, email: PaymentEmail, now: number): Promise<boolean>;
  emailSent(of: PaymentRecord, email: PaymentEmail, now: number): Promise<void>;
  /** Gives the claim back (the email could not be sent): the provider's next delivery tries again. */
  releaseEmail(of: PaymentRecord, email: PaymentEmail): Promise<void>;
  /**
   * One transaction: the event id, the invoice (granted once), the subscription (not ended, and this period
   * later than any granted: else 'stale'), the balance and its ledger entries.
   */
  grantPeriod(grant: PeriodGrant): Promise<CreditOutcome | 'stale'>;
  /** Keeps the provider's current state; an ended subscription zeroes its monthly tokens, once. */
  applySubscription(
    userId: string,
    snapshot: SubscriptionSnapshot,
    expiry: { ledgerEntryId: string; now: number },
  ): Promise<void>;
  /**
   * One transaction: the event id, the refunded amount (only ever growing), the balance (never below 0).
   * A seat purchase's refund takes its share of the seats back from the team's seats_total, never below
   * seats_used: seats members hold stay theirs, and the team's ledger records how many could not be taken.
   */
  clawBackRefund(refund: RefundClawback): Promise<CreditOutcome | 'unknown-payment'>;
}

/** The payment provider's customer (Stripe): deleting it cancels any subscription at once. */
export interface PaymentCustomers {
  /** Deletes the customer; a customer the provider no longer has counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
}
