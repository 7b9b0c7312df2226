// Billing's checkout side in memory: the BillingStore (functions/billing/domain/ports.ts) with the rules of
// functions/billing/dynamodb/billing-store.ts (one customer per account, the first kept; one subscription
// checkout held at a time, none while a subscription is live; a checkout recorded once), and the payment
// provider as the Stripe stand-in answers the checkout calls. Accounts live in a FakeAccountStore, as
// billing's fields live on the account item.

import type { Language } from '#shared/api-schemas.ts';
import type {
  BillingAccount,
  BillingStore,
  CheckoutInvoice,
  CheckoutRecord,
  CreatedCheckout,
  NewCheckout,
  OpenCheckout,
  PaymentProvider,
  SubscriptionSnapshot,
} from '../../../functions/billing/domain/ports.ts';
import type { FakeAccountStore } from './account-store.ts';
import { conditionFailed } from './conditions.ts';

const LIVE = ['active', 'trialing', 'past_due'];

interface BillingFields {
  subscription: BillingAccount['subscription'];
  checkout: OpenCheckout | null;
}

export class FakeBillingStore implements BillingStore {
  protected readonly accountsStore: FakeAccountStore;
  private readonly fields = new Map<string, BillingFields>();
  private readonly customers = new Map<string, string>();
  readonly checkouts = new Map<string, CheckoutRecord>();

  constructor(accounts: FakeAccountStore) {
    this.accountsStore = accounts;
  }

  async getAccount(userId: string): Promise<BillingAccount | null> {
    const user = this.accountsStore.peek(userId);
    if (!user) return null;
    const f = this.fieldsOf(userId);
    return {
      userId,
      email: user.email,
      lang: user.lang,
      customerId: user.stripeCustomerId,
      subscription: f.subscription ? { ...f.subscription } : null,
      openSubscriptionCheckout: f.checkout ? { ...f.checkout } : null,
      tokensLtd: user.tokensLtd,
      tokensSubscription: user.tokensSubscription,
    };
  }

  async linkCustomer(userId: string, customerId: string): Promise<string> {
    const user = this.accountsStore.peek(userId);
    const owner = this.customers.get(customerId);
    const accountFree = user && (user.stripeCustomerId === null || user.stripeCustomerId === customerId);
    if (!accountFree || (owner !== undefined && owner !== userId)) {
      // The account got its customer first from another request: that one stays.
      if (user?.stripeCustomerId) return user.stripeCustomerId;
      throw conditionFailed(`customer ${customerId} belongs to another account`);
    }
    this.accountsStore.update(userId, { stripeCustomerId: customerId });
    this.customers.set(customerId, userId);
    return customerId;
  }

  async userOfCustomer(customerId: string): Promise<string | null> {
    return this.customers.get(customerId) ?? null;
  }

  async holdSubscriptionCheckout(userId: string, checkout: OpenCheckout, now: number): Promise<boolean> {
    if (!this.accountsStore.peek(userId)) return false;
    const f = this.fieldsOf(userId);
    if (f.checkout && f.checkout.expiresAt >= now) return false;
    if (f.subscription && LIVE.includes(f.subscription.status)) return false;
    f.checkout = { ...checkout };
    return true;
  }

  async saveCheckout(record: CheckoutRecord): Promise<void> {
    if (this.checkouts.has(record.sessionId)) throw conditionFailed('checkout exists');
    this.checkouts.set(record.sessionId, { ...record });
  }

  /** What the webhook would have written: the account's subscription as the provider has it. */
  setSubscription(userId: string, subscription: BillingAccount['subscription']): void {
    this.fieldsOf(userId).subscription = subscription ? { ...subscription } : null;
  }

  /** A subscription's state applied: the account's subscription checkout is over. */
  protected clearSubscriptionCheckout(userId: string): void {
    this.fieldsOf(userId).checkout = null;
  }

  private fieldsOf(userId: string): BillingFields {
    const f = this.fields.get(userId) ?? { subscription: null, checkout: null };
    this.fields.set(userId, f);
    return f;
  }
}

/** The provider's checkout calls: customers once per idempotency key, sessions with a hosted URL. */
export class FakePaymentProvider implements PaymentProvider {
  readonly customersCreated: { userId: string; email: string }[] = [];
  readonly checkoutsCreated: NewCheckout[] = [];
  readonly subscriptions = new Map<string, SubscriptionSnapshot>();
  readonly cancelled: string[] = [];
  private readonly byKey = new Map<string, string | CreatedCheckout>();
  private sessions = 0;
  /** payment intent -> its hosted receipt */
  readonly receipts = new Map<string, string>();

  async createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string> {
    const known = this.byKey.get(input.idempotencyKey);
    if (typeof known === 'string') return known;
    this.customersCreated.push({ userId: input.userId, email: input.email });
    const id = `cus_${this.customersCreated.length}`;
    this.byKey.set(input.idempotencyKey, id);
    return id;
  }

  async createCheckout(input: NewCheckout): Promise<CreatedCheckout> {
    const known = this.byKey.get(input.idempotencyKey);
    if (known && typeof known !== 'string') return known;
    this.checkoutsCreated.push({ ...input });
    const id = `cs_test_${++this.sessions}`;
    const created = {
      id,
      url: `https://checkout.stripe.example.test/c/pay/${id}`,
      expiresAt: input.expiresAt ?? Math.floor(Date.now() / 1000) + 86_400,
    };
    this.byKey.set(input.idempotencyKey, created);
    return created;
  }

  async createPortalSession(customerId: string, returnUrl: string, lang: Language): Promise<string> {
    return `https://billing.stripe.example.test/p/session/${customerId}?locale=${lang}&return_url=${encodeURIComponent(returnUrl)}`;
  }

  async paymentReceiptUrl(paymentIntentId: string): Promise<string | null> {
    return this.receipts.get(paymentIntentId) ?? null;
  }

  /** checkout session -> the invoice it made (team seats), set by a test */
  readonly invoices = new Map<string, CheckoutInvoice>();

  async checkoutInvoice(sessionId: string): Promise<CheckoutInvoice | null> {
    return this.invoices.get(sessionId) ?? null;
  }

  async getSubscription(id: string): Promise<SubscriptionSnapshot> {
    const s = this.subscriptions.get(id);
    if (!s) throw new Error(`No such subscription: ${id}`);
    return { ...s };
  }

  async cancelSubscriptionNow(id: string): Promise<void> {
    this.cancelled.push(id);
    const s = this.subscriptions.get(id);
    if (s) this.subscriptions.set(id, { ...s, status: 'canceled', endedAt: Math.floor(Date.now() / 1000) });
  }
}
