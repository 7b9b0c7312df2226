// Billing records in the one table (docs/data-model.md): the account's customer and subscription, the
// customer -> account map, checkouts we started, and the subscription's state as the provider has it.
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type {
  BillingAccount,
  BillingStore,
  CheckoutRecord,
  CreditOutcome,
  OpenCheckout,
  PackCredit,
  PeriodGrant,
  RefundClawback,
  SubscriptionSnapshot,
} from '../../domain/billing/ports.ts';
import { type TransactItem, transactWithRetry } from './balance-transaction.ts';
import { clawBackRefund, creditPack, grantPeriod, ledgerPut } from './billing-credits.ts';
import { isConditionFailure } from './conditions.ts';
import { accountOwner, keys, OWNER_ATTRIBUTE, ownedBy } from './keys.ts';

const BillingItem = z.object({
  id: z.string(),
  tokens_ltd: z.number(),
  tokens_subscription: z.number(),
  stripe_customer_id: z.optional(z.nullable(z.string())),
  subscription_id: z.optional(z.string()),
  subscription_status: z.optional(z.string()),
  subscription_cancel_at_period_end: z.optional(z.boolean()),
  subscription_period_end: z.optional(z.nullable(z.number())),
  subscription_checkout: z.optional(
    z.nullable(z.object({ session_id: z.string(), url: z.string(), expires_at: z.number() })),
  ),
});

const CheckoutItem = z.object({
  session_id: z.string(),
  user_id: z.string(),
  plan_id: z.string(),
  mode: z.enum(['payment', 'subscription']),
  amount_cents: z.number(),
  created_at: z.number(),
  credited_at: z.optional(z.number()),
});

const LIVE = { ':active': 'active', ':trialing': 'trialing', ':past_due': 'past_due' };
const NOT_LIVE = 'NOT (subscription_status IN (:active, :trialing, :past_due))';

export class DynamoBillingStore implements BillingStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async getAccount(userId: string): Promise<BillingAccount | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.user(userId), ConsistentRead: true }),
    );
    // An account being deleted is gone to billing too: a late subscription event writes nothing for it.
    if (!res.Item || res.Item.deletion_job !== undefined) return null;
    const a = BillingItem.parse(res.Item);
    const checkout = a.subscription_checkout;
    return {
      userId: a.id,
      customerId: a.stripe_customer_id ?? null,
      subscription: a.subscription_id
        ? {
            id: a.subscription_id,
            status: a.subscription_status ?? 'incomplete',
            cancelAtPeriodEnd: a.subscription_cancel_at_period_end ?? false,
            currentPeriodEnd: a.subscription_period_end ?? null,
          }
        : null,
      openSubscriptionCheckout: checkout
        ? { sessionId: checkout.session_id, url: checkout.url, expiresAt: checkout.expires_at }
        : null,
      tokensLtd: a.tokens_ltd,
      tokensSubscription: a.tokens_subscription,
    };
  }

  async linkCustomer(userId: string, customerId: string): Promise<string> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: keys.user(userId),
                UpdateExpression: 'SET stripe_customer_id = :c',
                ConditionExpression:
                  'attribute_exists(pk) AND (attribute_not_exists(stripe_customer_id) OR stripe_customer_id = :null OR stripe_customer_id = :c)',
                ExpressionAttributeValues: { ':c': customerId, ':null': null },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { ...keys.customer(customerId), user_id: userId, ...ownedBy(userId) },
                ConditionExpression: 'attribute_not_exists(pk) OR user_id = :uid',
                ExpressionAttributeValues: { ':uid': userId },
              },
            },
          ],
        }),
      );
      return customerId;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      // The account got its customer first from another request: that one stays.
      const kept = (await this.getAccount(userId))?.customerId;
      if (!kept) throw e;
      return kept;
    }
  }

  async userOfCustomer(customerId: string): Promise<string | null> {
    const res = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.customer(customerId) }));
    return typeof res.Item?.user_id === 'string' ? res.Item.user_id : null;
  }

  async holdSubscriptionCheckout(userId: string, checkout: OpenCheckout, now: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.user(userId),
          UpdateExpression: 'SET subscription_checkout = :c',
          ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(subscription_checkout) OR subscription_checkout = :null OR subscription_checkout.expires_at < :now) AND (attribute_not_exists(subscription_status) OR ${NOT_LIVE})`,
          ExpressionAttributeValues: {
            ':c': { session_id: checkout.sessionId, url: checkout.url, expires_at: checkout.expiresAt },
            ':null': null,
            ':now': now,
            ...LIVE,
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async saveCheckout(r: CheckoutRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.checkout(r.sessionId),
          session_id: r.sessionId,
          user_id: r.userId,
          ...ownedBy(r.userId),
          plan_id: r.planId,
          mode: r.mode,
          amount_cents: r.amountCents,
          created_at: r.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

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
    };
  }

  creditPack(credit: PackCredit): Promise<CreditOutcome> {
    return creditPack(this.db, this.table, (id) => this.getAccount(id), credit);
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

const isLive = (status: string) => Object.values(LIVE).includes(status);
