// The emails a payment sends once, whatever the number of deliveries: a pack's receipt once its tokens are
// credited, a month's once they are granted (and a pack's refusal: pack-payments.ts). Each is claimed on the
// payment's record before sending and marked sent after; one that could not be sent gives the claim back
// and fails the delivery, so the provider's retry sends it.

import type { Clock, Mailer, OutgoingEmail } from '#platform/domain/ports.ts';
import { SUBSCRIPTION, type SubscriptionPlan, type TokenPack } from '#shared/catalogue.ts';
import { monthReceiptEmail, packReceiptEmail } from './payment-emails.ts';
import type {
  BillingAccount,
  BillingEvent,
  PaymentEmail,
  PaymentProvider,
  PaymentRecord,
  WebhookStore,
} from './ports.ts';

interface ReceiptDeps {
  provider: PaymentProvider;
  store: WebhookStore;
  clock: Clock;
  mailer: Mailer;
  webUrl: string;
}

type CheckoutEvent = Extract<BillingEvent, { sessionId: string }>;
type InvoiceEvent = Extract<BillingEvent, { kind: 'invoice-paid' }>;

/**
 * `account`: the account, when the caller began reading it earlier (else it is read after the claim).
 * `claimed`: the caller's write already claimed the email (a pack's credit claims its receipt).
 */
export async function emailOnce(
  deps: ReceiptDeps,
  of: PaymentRecord,
  kind: PaymentEmail,
  userId: string,
  build: (account: BillingAccount) => OutgoingEmail | Promise<OutgoingEmail>,
  { account: early, claimed = false }: { account?: Promise<BillingAccount | null>; claimed?: boolean } = {},
): Promise<void> {
  if (!claimed && !(await deps.store.claimEmail(of, kind, deps.clock.now()))) return;
  try {
    const account = await (early ?? deps.store.getAccount(userId));
    // An account deleted meanwhile gets no email.
    if (account) await deps.mailer.send(await build(account));
  } catch (e) {
    await deps.store.releaseEmail(of, kind);
    throw e;
  }
  await deps.store.emailSent(of, kind, deps.clock.now());
}

/** What a pack's receipt reads elsewhere: the account (its address, its language) and the provider's receipt. */
interface ReceiptReads {
  account: Promise<BillingAccount | null>;
  receiptUrl: Promise<string | null>;
}

/**
 * Starts a pack receipt's reads, so that they run beside the credit's transaction instead of after it. A read
 * that fails fails the delivery when the receipt awaits it, as it would have read it then.
 */
export function startReceiptReads(deps: ReceiptDeps, userId: string, event: CheckoutEvent): ReceiptReads {
  const awaitedLater = <T>(p: Promise<T>): Promise<T> => {
    p.catch(() => undefined);
    return p;
  };
  return {
    account: awaitedLater(deps.store.getAccount(userId)),
    receiptUrl: awaitedLater(receiptUrlOf(deps, event)),
  };
}

/** The provider's receipt of the session's charge, if it was paid by one. */
const receiptUrlOf = async (deps: ReceiptDeps, event: CheckoutEvent): Promise<string | null> =>
  event.paymentIntentId ? deps.provider.paymentReceiptUrl(event.paymentIntentId) : null;

/**
 * A credited pack's receipt, with the link to the provider's receipt of the charge. `reads`: begun earlier
 * (startReceiptReads); else made once the receipt is claimed. `claimed`: by this delivery's credit.
 */
export function sendReceiptOnce(
  deps: ReceiptDeps,
  userId: string,
  event: CheckoutEvent,
  pack: TokenPack,
  { reads, claimed = false }: { reads?: ReceiptReads; claimed?: boolean } = {},
): Promise<void> {
  return emailOnce(
    deps,
    { checkout: event.sessionId },
    'receipt',
    userId,
    async (account) => {
      const receiptUrl = await (reads?.receiptUrl ?? receiptUrlOf(deps, event));
      return packReceiptEmail(account.email, account.lang, { pack, webUrl: deps.webUrl, receiptUrl });
    },
    { account: reads?.account, claimed },
  );
}

/** A granted month's receipt, with the link to the invoice's page at the provider. */
export function sendMonthReceiptOnce(
  deps: ReceiptDeps,
  userId: string,
  event: InvoiceEvent,
  plan: SubscriptionPlan = SUBSCRIPTION,
): Promise<void> {
  return emailOnce(deps, { invoice: event.invoiceId }, 'receipt', userId, (account) =>
    monthReceiptEmail(account.email, account.lang, {
      plan,
      amountCents: event.amountPaid,
      until: event.periodEnd,
      webUrl: deps.webUrl,
      invoiceUrl: event.hostedInvoiceUrl,
    }),
  );
}
