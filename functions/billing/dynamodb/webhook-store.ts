// The webhook's records (docs/data-model.md): checkouts we started and their credits, the month's grants,
// refunds, the subscription's state as the provider has it, a delayed payment's pending or refused state
// (a pack's on the account, team seats' on the team: seat-purchases.ts) and each checkout's emails. Only the webhook's function loads this module (its DynamoDB grants: the
// billing function's code stays without the credits' deletes and condition checks).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { accountOwner, keys, OWNER_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { ledgerPut } from '#platform/dynamodb/ledger-put.ts';
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
} from '../domain/ports.ts';
import { clawBackRefund, creditPack, creditTeamSeats, grantPeriod } from './billing-credits.ts';
import { DynamoBillingStore, isLive } from './billing-store.ts';
import { delayedPaymentDelete, recordFailedPayment, recordPendingPayment } from './delayed-payments.ts';
import { claimEmail, emailSent, releaseEmail } from './email-claims.ts';
import { recordSeatsFailed, recordSeatsPending, saveSeatInvoice } from './seat-purchases.ts';

const CheckoutItem = z.object({
  session_id: z.string(),
  user_id: z.string(),
  plan_id: z.string(),
  mode: z.enum(['payment', 'subscription']),
  amount_cents: z.number(),
  created_at: z.number(),
  credited_at: z.optional(z.number()),
  team_id: z.optional(z.string()),
  quantity: z.optional(z.number()),
});

export class DynamoWebhookStore extends DynamoBillingStore implements WebhookStore {
  async getCheckout(sessionId: string): Promise<CheckoutRecord | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.checkout(sessionId), ConsistentRead: true }),
    );
    if (!res.Item) return null;
    const c = CheckoutItem.parse(res.Item);
    return {
      sessionId: c.session_id,
      userId: c.user_id,
      planId: c.plan_id,
      mode: c.mode,
      amountCents: c.amount_cents,
      createdAt: c.created_at,
      credited: c.credited_at !== undefined,
      ...(c.team_id ? { teamId: c.team_id, quantity: c.quantity ?? 0 } : {}),
    };
  }

  creditSeats(credit: SeatCredit): Promise<CreditOutcome> {
    return creditTeamSeats(this.db, this.table, credit);
  }

  recordSeatsPending(purchase: SeatPurchaseRecord): Promise<boolean> {
    return recordSeatsPending(this.db, this.table, purchase);
  }

  recordSeatsFailed(purchase: SeatPurchaseRecord): Promise<boolean> {
    return recordSeatsFailed(this.db, this.table, purchase);
  }

  saveSeatInvoice(purchase: SeatPurchaseRecord, invoice: CheckoutInvoice): Promise<void> {
    return saveSeatInvoice(this.db, this.table, purchase, invoice);
  }

  async teamOfPurchase(teamId: string): Promise<{ ownerId: string; name: string } | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.team(teamId), ConsistentRead: true }),
    );
    const team = res.Item;
    if (!team || team.dissolved_at != null || typeof team.owner_id !== 'string') return null;
    return { ownerId: team.owner_id, name: String(team.name) };
  }

  creditPack(credit: PackCredit): Promise<CreditOutcome> {
    // A delayed payment is no longer pending once credited (nothing to delete for a card).
    return creditPack(this.db, this.table, (id) => this.getAccount(id), credit, [
      delayedPaymentDelete(this.table, credit.userId, credit.sessionId),
    ]);
  }

  recordPendingPayment(payment: DelayedPayment): Promise<boolean> {
    return recordPendingPayment(this.db, this.table, payment);
  }

  recordFailedPayment(payment: DelayedPayment): Promise<boolean> {
    return recordFailedPayment(this.db, this.table, payment);
  }

  claimEmail(of: PaymentRecord, email: PaymentEmail, now: number): Promise<boolean> {
    return claimEmail(this.db, this.table, of, email, now);
  }

  emailSent(of: PaymentRecord, email: PaymentEmail, now: number): Promise<void> {
    return emailSent(this.db, this.table, of, email, now);
  }

  releaseEmail(of: PaymentRecord, email: PaymentEmail): Promise<void> {
    return releaseEmail(this.db, this.table, of, email);
  }

  grantPeriod(grant: PeriodGrant): Promise<CreditOutcome | 'stale'> {
    return grantPeriod(this.db, this.table, (id) => this.getAccount(id), grant);
  }

  clawBackRefund(refund: RefundClawback): Promise<CreditOutcome | 'unknown-payment'> {
    return clawBackRefund(this.db, this.table, (id) => this.getAccount(id), refund);
  }

  /**
   * The subscription record follows the provider's current state; `canceled` is final (a late event that
   * still says active changes nothing). The account shows this subscription unless it holds another live
   * one. When the account's subscription ends, its monthly tokens go to 0 with a ledger entry, once.
   */
  async applySubscription(
    userId: string,
    s: SubscriptionSnapshot,
    expiry: { ledgerEntryId: string; now: number },
  ): Promise<void> {
    const subscriptionItem: TransactItem = {
      Update: {
        TableName: this.table,
        Key: keys.subscription(s.id),
        UpdateExpression:
          'SET user_id = :uid, #owner = :owner, customer_id = :cus, #status = :status, cancel_at_period_end = :cape, current_period_end = :end, ended_at = :ended',
        ConditionExpression:
          '(attribute_not_exists(#status) OR #status <> :canceled) AND (attribute_not_exists(user_id) OR user_id = :uid)',
        ExpressionAttributeNames: { '#status': 'status', '#owner': OWNER_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':uid': userId,
          ':owner': accountOwner(userId),
          ':cus': s.customerId,
          ':status': s.status,
          ':cape': s.cancelAtPeriodEnd,
          ':end': s.currentPeriodEnd,
          ':ended': s.endedAt,
          ':canceled': 'canceled',
        },
      },
    };
    const ended = s.status === 'canceled';
    await transactWithRetry<'done' | 'other-subscription'>(this.db, async () => {
      const account = await this.getAccount(userId);
      if (!account) return 'done';
      const mine = account.subscription?.id === s.id;
      const takeOver = !account.subscription || (!mine && !isLive(account.subscription.status) && !ended);
      if (!mine && !takeOver) {
        // The account holds another subscription: only this one's own record changes.
        return { items: [subscriptionItem], done: 'done', failedAt: { 0: 'done' } };
      }
      const rest = account.tokensSubscription;
      const seen = account.subscription;
      // A delivery that changes nothing (a retry, or a state already applied) writes nothing.
      if (
        mine &&
        seen?.status === s.status &&
        seen.cancelAtPeriodEnd === s.cancelAtPeriodEnd &&
        seen.currentPeriodEnd === s.currentPeriodEnd &&
        (!ended || rest === 0)
      )
        return 'done';
      const expire = ended && rest > 0;
      const profile: TransactItem = {
        Update: {
          TableName: this.table,
          Key: keys.user(userId),
          UpdateExpression: `SET subscription_id = :sub, subscription_status = :status, subscription_cancel_at_period_end = :cape, subscription_period_end = :end${ended ? ', tokens_subscription = :zero' : ', subscription_checkout = :null'}`,
          ConditionExpression: `tokens_subscription = :rest AND ${
            account.subscription ? 'subscription_id = :current' : 'attribute_not_exists(subscription_id)'
          }`,
          ExpressionAttributeValues: {
            ':sub': s.id,
            ':status': s.status,
            ':cape': s.cancelAtPeriodEnd,
            ':end': s.currentPeriodEnd,
            ':rest': rest,
            ...(ended ? { ':zero': 0 } : { ':null': null }),
            ...(account.subscription ? { ':current': account.subscription.id } : {}),
          },
        },
      };
      const items = [subscriptionItem, profile];
      if (expire) {
        items.push(
          ledgerPut(this.table, userId, {
            entryId: expiry.ledgerEntryId,
            reason: 'subscription_expiry',
            pool: 'subscription',
            amount: -rest,
            balanceAfter: 0,
            at: expiry.now,
          }),
        );
      }
      // Position 0 failing: the record already says canceled, so the end was applied before.
      return { items, done: 'done', failedAt: { 0: 'done' } };
    });
  }
}
