// What the payment webhook writes, in memory (WebhookStore in functions/billing/domain/ports.ts), with the
// rules of functions/billing/dynamodb/webhook-store.ts and billing-credits.ts, delayed-payments.ts and
// email-claims.ts: an event applied once, a checkout credited once, an invoice granted once and never for an
// ended subscription or an older period, a refund's total only growing and a balance never below 0, a
// delayed payment (a pack's, or team seats' purchase) pending or refused only while its checkout is not
// credited, each payment email claimed by one sender. Each write decides with no await in between, as its one transaction does.
import type {
  CheckoutInvoice,
  CheckoutRecord,
  CreditOutcome,
  DelayedPayment,
  PackCredit,
  PaymentEmail,
  PaymentRecord,
  PeriodGrant,
  RefundClawback,
  SeatCredit,
  SeatPurchaseRecord,
  SubscriptionSnapshot,
  WebhookStore,
} from '../../../functions/billing/domain/ports.ts';
import type { SeatPurchaseView } from '../../../functions/teams/domain/ports.ts';
import { FakeBillingStore } from './billing.ts';

/** A claimed email not marked sent after this long may be claimed again (email-claims.ts). */
const CLAIM_SECONDS = 60;
const LIVE = ['active', 'trialing', 'past_due'];

interface SubscriptionRecord {
  userId: string | null;
  status: string | null;
  grantedUntil: number | null;
}

interface PaymentState {
  userId: string;
  tokens: number;
  amountCents: number;
  refundedCents: number;
  tokensToTakeBack: number;
  /** a seat purchase's: its team and seats (tokens stays 0) */
  seats?: { teamId: string; sessionId: string; seats: number; toTakeBack: number };
}

export class FakeWebhookStore extends FakeBillingStore implements WebhookStore {
  private readonly events = new Set<string>();
  private readonly credited = new Set<string>();
  private readonly invoices = new Map<string, { userId: string }>();
  private readonly subscriptionRecords = new Map<string, SubscriptionRecord>();
  private readonly payments = new Map<string, PaymentState>();
  /** per record and email: when it was sent, when it was claimed */
  private readonly emails = new Map<string, { sent?: number; claimed?: number }>();

  async getCheckout(sessionId: string): Promise<CheckoutRecord | null> {
    const c = this.checkouts.get(sessionId);
    return c ? { ...c, credited: this.credited.has(sessionId) } : null;
  }

  /** team id -> seats credited (creditSeats: billing-credits.ts creditTeamSeats), less those refunded */
  readonly teamSeats = new Map<string, number>();
  /** team id -> seats members hold (the team's seats_used), set by a test */
  readonly teamSeatsUsed = new Map<string, number>();
  /** the teams' ledger entries of seat refunds (billing-credits.ts seatRefund) */
  readonly teamRefunds: { teamId: string; seats: number; seatsAfter: number; seatsKept: number }[] = [];

  /** team id -> its owner and name (teamOfPurchase), set by a test */
  readonly teams = new Map<string, { ownerId: string; name: string }>();
  /** team id -> session id -> its purchase as the team page lists it (seat-purchases.ts) */
  readonly teamPurchases = new Map<string, Map<string, SeatPurchaseView>>();

  private purchasesOf(teamId: string): Map<string, SeatPurchaseView> {
    const found = this.teamPurchases.get(teamId) ?? new Map<string, SeatPurchaseView>();
    this.teamPurchases.set(teamId, found);
    return found;
  }

  private purchaseView(p: SeatPurchaseRecord, state: SeatPurchaseView['state']): SeatPurchaseView {
    return {
      sessionId: p.sessionId,
      state,
      seats: p.seats,
      amountCents: p.amountCents,
      createdAt: p.checkoutAt,
      updatedAt: p.now,
      invoiceUrl: null,
      invoiceNumber: null,
    };
  }

  private seatsNotCredited(p: SeatPurchaseRecord): boolean {
    const c = this.checkouts.get(p.sessionId);
    return (
      c !== undefined && !this.credited.has(p.sessionId) && c.userId === p.userId && c.teamId === p.teamId
    );
  }

  async recordSeatsPending(p: SeatPurchaseRecord): Promise<boolean> {
    const purchases = this.purchasesOf(p.teamId);
    if (!this.seatsNotCredited(p) || purchases.has(p.sessionId)) return false;
    purchases.set(p.sessionId, this.purchaseView(p, 'pending'));
    return true;
  }

  async recordSeatsFailed(p: SeatPurchaseRecord): Promise<boolean> {
    if (!this.seatsNotCredited(p)) return false;
    this.purchasesOf(p.teamId).set(p.sessionId, this.purchaseView(p, 'failed'));
    return true;
  }

  async saveSeatInvoice(p: SeatPurchaseRecord, invoice: CheckoutInvoice): Promise<void> {
    const found = this.purchasesOf(p.teamId).get(p.sessionId);
    // A purchase credited before purchases were kept has none: nothing to add it to.
    if (found?.state !== 'paid') return;
    found.invoiceUrl = invoice.url;
    found.invoiceNumber = invoice.number;
  }

  async teamOfPurchase(teamId: string): Promise<{ ownerId: string; name: string } | null> {
    return this.teams.get(teamId) ?? null;
  }

  async creditSeats(c: SeatCredit): Promise<CreditOutcome> {
    const checkout = this.checkouts.get(c.sessionId);
    if (this.events.has(c.eventId)) return 'duplicate';
    if (!checkout || this.credited.has(c.sessionId) || checkout.userId !== c.userId) return 'duplicate';
    if (checkout.teamId !== c.teamId) return 'duplicate';
    this.events.add(c.eventId);
    this.credited.add(c.sessionId);
    this.teamSeats.set(c.teamId, (this.teamSeats.get(c.teamId) ?? 0) + c.seats);
    this.purchasesOf(c.teamId).set(c.sessionId, this.purchaseView(c, 'paid'));
    if (c.paymentIntentId)
      this.payments.set(c.paymentIntentId, {
        userId: c.userId,
        tokens: 0,
        amountCents: c.amountCents,
        refundedCents: 0,
        tokensToTakeBack: 0,
        seats: { teamId: c.teamId, sessionId: c.sessionId, seats: c.seats, toTakeBack: 0 },
      });
    return 'credited';
  }

  async creditPack(c: PackCredit): Promise<CreditOutcome> {
    const user = this.accountsStore.peek(c.userId);
    if (!user) throw new Error(`Paid checkout ${c.sessionId} for a missing account ${c.userId}`);
    const checkout = this.checkouts.get(c.sessionId);
    if (this.events.has(c.eventId)) return 'duplicate';
    if (!checkout || this.credited.has(c.sessionId) || checkout.userId !== c.userId) return 'duplicate';
    if (c.paymentIntentId && this.payments.has(c.paymentIntentId)) return 'duplicate';
    this.events.add(c.eventId);
    this.credited.add(c.sessionId);
    this.emailState({ checkout: c.sessionId }, 'receipt').claimed = c.now;
    const after = user.tokensLtd + c.tokens;
    this.accountsStore.update(c.userId, { tokensLtd: after });
    this.accountsStore.appendLedger(c.userId, {
      id: c.ledgerEntryId,
      reason: 'purchase',
      pool: 'ltd',
      amount: c.tokens,
      balance_after: after,
      created_at: c.now,
    });
    if (c.paymentIntentId) {
      this.payments.set(c.paymentIntentId, {
        userId: c.userId,
        tokens: c.tokens,
        amountCents: c.amountCents,
        refundedCents: 0,
        tokensToTakeBack: 0,
      });
    }
    this.accountsStore.removeDelayedPayment(c.userId, c.sessionId);
    return 'credited';
  }

  async recordPendingPayment(p: DelayedPayment): Promise<boolean> {
    if (!this.notCredited(p) || this.accountsStore.delayedPayment(p.userId, p.sessionId)) return false;
    this.accountsStore.addDelayedPayment(p.userId, this.view(p, 'pending', p.now));
    return true;
  }

  async recordFailedPayment(p: DelayedPayment): Promise<boolean> {
    if (!this.notCredited(p)) return false;
    const before = this.accountsStore.delayedPayment(p.userId, p.sessionId);
    this.accountsStore.addDelayedPayment(p.userId, this.view(p, 'failed', before?.createdAt ?? p.now));
    return true;
  }

  async claimEmail(of: PaymentRecord, email: PaymentEmail, now: number): Promise<boolean> {
    let due: boolean;
    if ('invoice' in of) due = this.invoices.has(of.invoice);
    else if (!this.checkouts.has(of.checkout)) due = false;
    else due = email === 'receipt' ? this.credited.has(of.checkout) : !this.credited.has(of.checkout);
    const state = this.emailState(of, email);
    if (!due || state.sent !== undefined) return false;
    if (state.claimed !== undefined && state.claimed >= now - CLAIM_SECONDS) return false;
    state.claimed = now;
    return true;
  }

  async emailSent(of: PaymentRecord, email: PaymentEmail, now: number): Promise<void> {
    const state = this.emailState(of, email);
    state.sent = now;
    delete state.claimed;
  }

  async releaseEmail(of: PaymentRecord, email: PaymentEmail): Promise<void> {
    const state = this.emailState(of, email);
    if (state.sent === undefined) delete state.claimed;
  }

  async grantPeriod(g: PeriodGrant): Promise<CreditOutcome | 'stale'> {
    const user = this.accountsStore.peek(g.userId);
    if (!user) throw new Error(`Paid invoice ${g.invoiceId} for a missing account ${g.userId}`);
    if (this.events.has(g.eventId) || this.invoices.has(g.invoiceId)) return 'duplicate';
    const sub = this.subscriptionRecord(g.subscriptionId);
    if (
      sub.status === 'canceled' ||
      (sub.grantedUntil !== null && sub.grantedUntil >= g.periodEnd) ||
      (sub.userId !== null && sub.userId !== g.userId)
    )
      return 'stale';
    this.events.add(g.eventId);
    this.invoices.set(g.invoiceId, { userId: g.userId });
    sub.userId = g.userId;
    sub.grantedUntil = g.periodEnd;
    const rest = user.tokensSubscription;
    this.accountsStore.update(g.userId, { tokensSubscription: g.tokens });
    if (rest > 0) {
      this.accountsStore.appendLedger(
        g.userId,
        {
          id: g.expiryEntryId,
          reason: 'subscription_expiry',
          pool: 'subscription',
          amount: -rest,
          balance_after: 0,
          created_at: g.now,
        },
        0,
      );
    }
    this.accountsStore.appendLedger(
      g.userId,
      {
        id: g.renewalEntryId,
        reason: 'subscription_renewal',
        pool: 'subscription',
        amount: g.tokens,
        balance_after: g.tokens,
        created_at: g.now,
      },
      1,
    );
    return 'credited';
  }

  async applySubscription(
    userId: string,
    s: SubscriptionSnapshot,
    expiry: { ledgerEntryId: string; now: number },
  ): Promise<void> {
    const account = await this.getAccount(userId);
    if (!account) return;
    const record = this.subscriptionRecord(s.id);
    // The record's own condition: `canceled` is final, and a subscription is one account's.
    if (record.status === 'canceled' || (record.userId !== null && record.userId !== userId)) return;
    const ended = s.status === 'canceled';
    const current = account.subscription;
    const mine = current?.id === s.id;
    const takeOver = !current || (!mine && !LIVE.includes(current.status) && !ended);
    const writeRecord = () => {
      record.userId = userId;
      record.status = s.status;
    };
    if (!mine && !takeOver) {
      writeRecord();
      return;
    }
    const rest = account.tokensSubscription;
    if (
      mine &&
      current?.status === s.status &&
      current.cancelAtPeriodEnd === s.cancelAtPeriodEnd &&
      current.currentPeriodEnd === s.currentPeriodEnd &&
      (!ended || rest === 0)
    )
      return;
    writeRecord();
    this.setSubscription(userId, {
      id: s.id,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      currentPeriodEnd: s.currentPeriodEnd,
    });
    if (ended) this.accountsStore.update(userId, { tokensSubscription: 0 });
    else this.clearSubscriptionCheckout(userId);
    if (ended && rest > 0) {
      this.accountsStore.appendLedger(userId, {
        id: expiry.ledgerEntryId,
        reason: 'subscription_expiry',
        pool: 'subscription',
        amount: -rest,
        balance_after: 0,
        created_at: expiry.now,
      });
    }
  }

  async clawBackRefund(r: RefundClawback): Promise<CreditOutcome | 'unknown-payment'> {
    const p = this.payments.get(r.paymentIntentId);
    if (!p) return 'unknown-payment';
    // The refunded total only grows: an event that does not add to it was applied already.
    const refunded = Math.min(r.amountRefunded, p.amountCents);
    if (refunded <= p.refundedCents) return 'duplicate';
    if (p.seats) {
      if (this.events.has(r.eventId)) return 'duplicate';
      const target = Math.floor((p.seats.seats * refunded) / p.amountCents);
      const owed = target - p.seats.toTakeBack;
      const total = this.teamSeats.get(p.seats.teamId) ?? 0;
      // Never below the seats members hold.
      const taken = Math.max(0, Math.min(owed, total - (this.teamSeatsUsed.get(p.seats.teamId) ?? 0)));
      this.events.add(r.eventId);
      p.refundedCents = refunded;
      p.seats.toTakeBack = target;
      this.teamSeats.set(p.seats.teamId, total - taken);
      this.teamRefunds.push({
        teamId: p.seats.teamId,
        seats: -taken,
        seatsAfter: total - taken,
        seatsKept: owed - taken,
      });
      return 'credited';
    }
    const user = this.accountsStore.peek(p.userId);
    if (!user) return 'unknown-payment';
    if (this.events.has(r.eventId)) return 'duplicate';
    const target = Math.floor((p.tokens * refunded) / p.amountCents);
    const owed = target - p.tokensToTakeBack;
    // Tokens already spent cannot be taken back: the balance never goes below 0.
    const taken = Math.min(owed, user.tokensLtd);
    const after = user.tokensLtd - taken;
    this.events.add(r.eventId);
    p.refundedCents = refunded;
    p.tokensToTakeBack = target;
    this.accountsStore.update(p.userId, { tokensLtd: after });
    this.accountsStore.appendLedger(p.userId, {
      id: r.ledgerEntryId,
      reason: taken < owed ? 'refund_partly_spent' : 'refund',
      pool: 'ltd',
      amount: -taken,
      balance_after: after,
      created_at: r.now,
    });
    return 'credited';
  }

  private notCredited(p: DelayedPayment): boolean {
    const c = this.checkouts.get(p.sessionId);
    return c !== undefined && !this.credited.has(p.sessionId) && c.userId === p.userId;
  }

  private view(p: DelayedPayment, state: 'pending' | 'failed', createdAt: number) {
    return {
      sessionId: p.sessionId,
      planId: p.planId,
      tokens: p.tokens,
      amountCents: p.amountCents,
      state,
      createdAt,
      updatedAt: p.now,
    };
  }

  private emailState(of: PaymentRecord, email: PaymentEmail): { sent?: number; claimed?: number } {
    const key = `${'invoice' in of ? `invoice:${of.invoice}` : `checkout:${of.checkout}`}:${email}`;
    const state = this.emails.get(key) ?? {};
    this.emails.set(key, state);
    return state;
  }

  private subscriptionRecord(id: string): SubscriptionRecord {
    const r = this.subscriptionRecords.get(id) ?? { userId: null, status: null, grantedUntil: null };
    this.subscriptionRecords.set(id, r);
    return r;
  }
}
