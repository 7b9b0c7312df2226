// Billing records in the one table (docs/data-model.md), the checkout side: the account's customer and
// subscription, the customer -> account map, checkouts we started. What the webhook writes (credits, the
// subscription's state, delayed payments): webhook-store.ts.
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { keys, ownedBy } from '#platform/dynamodb/keys.ts';
import { LANGUAGES } from '#shared/language.ts';
import type { BillingAccount, BillingStore, CheckoutRecord, OpenCheckout } from '../domain/ports.ts';

const BillingItem = z.object({
  id: z.string(),
  email: z.string(),
  lang: z.optional(z.enum(LANGUAGES)),
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

const LIVE = { ':active': 'active', ':trialing': 'trialing', ':past_due': 'past_due' };
const NOT_LIVE = 'NOT (subscription_status IN (:active, :trialing, :past_due))';

export class DynamoBillingStore implements BillingStore {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly table: string;

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
      email: a.email,
      lang: a.lang ?? 'en',
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
}

export const isLive = (status: string) => Object.values(LIVE).includes(status);
