// The emails a payment sends once, whatever the number of deliveries: a pack's receipt once its tokens are
// credited, a month's once they are granted (and a pack's refusal: pack-payments.ts). Each is claimed on the
// payment's record before sending and marked sent after; one that could not be sent gives the claim back
// and fails the delivery, so the provider's retry sends it.
import { SUBSCRIPTION, type SubscriptionPlan, type TokenPack } from '../../../shared/catalogue.ts';
import type { Clock, Mailer, OutgoingEmail } from '../ports.ts';
import { monthReceiptEmail, packReceiptEmail } from './payment-emails.ts';
import type {
  BillingAccount,
  BillingEvent,
  PaymentEmail,
  PaymentProvider,
  PaymentRecord,
  WebhookStore,
} from './ports.ts';

export interface ReceiptDeps {
  provider: PaymentProvider;
  store: WebhookStore;
  clock: Clock;
  mailer: Mailer;
  webUrl: string;
}

type CheckoutEvent = Extract<BillingEvent, { sessionId: string }>;
type InvoiceEvent = Extract<BillingEvent, { kind: 'invoice-paid' }>;

export async function emailOnce(
  deps: ReceiptDeps,
  of: PaymentRecord,
  kind: PaymentEmail,
  userId: string,
  build: (account: BillingAccount) => OutgoingEmail | Promise<OutgoingEmail>,
): Promise<void> {
  if (!(await deps.store.claimEmail(of, kind, deps.clock.now()))) return;
  try {
    const account = await deps.store.getAccount(userId);
    // An account deleted meanwhile gets no email.
    if (account) await deps.mailer.send(await build(account));
  } catch (e) {
    await deps.store.releaseEmail(of, kind);
    throw e;
  }
  await deps.store.emailSent(of, kind, deps.clock.now());
}

/** A credited pack's receipt, with the link to the provider's receipt of the charge. */
export function sendReceiptOnce(
  deps: ReceiptDeps,
  userId: string,
  event: CheckoutEvent,
  pack: TokenPack,
): Promise<void> {
  return emailOnce(deps, { checkout: event.sessionId }, 'receipt', userId, async (account) => {
    const receiptUrl = event.paymentIntentId
      ? await deps.provider.paymentReceiptUrl(event.paymentIntentId)
      : null;
    return packReceiptEmail(account.email, account.lang, { pack, webUrl: deps.webUrl, receiptUrl });
  });
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
