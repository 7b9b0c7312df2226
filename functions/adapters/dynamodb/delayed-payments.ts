// A pack paid by bank debit, between "completed" and the bank's answer: the account's DELAYED_PAYMENT#
// item (pending, or failed), written only while the checkout is not credited; the credit's transaction
// deletes it (billing-credits.ts). And the checkout's emails, each claimed once on the CHECKOUT# record.
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { CheckoutEmail, DelayedPayment } from '../../domain/billing/ports.ts';
import type { DelayedPaymentView } from '../../domain/ports.ts';
import { type TransactItem, transactWithRetry } from './balance-transaction.ts';
import { writtenUnlessConditionFails } from './conditions.ts';
import { keys, TTL_ATTRIBUTE } from './keys.ts';

/** Banks answer a SEPA debit within 14 business days; a refusal stays on the account page this long. */
const KEPT_SECONDS = 30 * 24 * 3600;
/** A claimed email not marked sent after this long was lost with its sender: it may be claimed again. */
const CLAIM_SECONDS = 60;

const notCredited = (table: string, p: DelayedPayment): TransactItem => ({
  ConditionCheck: {
    TableName: table,
    Key: keys.checkout(p.sessionId),
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(credited_at) AND user_id = :uid',
    ExpressionAttributeValues: { ':uid': p.userId },
  },
});

const fields = (p: DelayedPayment, state: 'pending' | 'failed') => ({
  session_id: p.sessionId,
  plan_id: p.planId,
  tokens: p.tokens,
  amount_cents: p.amountCents,
  state,
  created_at: p.now,
  updated_at: p.now,
  [TTL_ATTRIBUTE]: p.now + KEPT_SECONDS,
});

/** Pending, unless credited already or refused already (the events' order is not guaranteed). */
export function recordPendingPayment(db: DynamoDBDocumentClient, table: string, p: DelayedPayment) {
  return transactWithRetry<boolean>(db, async () => ({
    items: [
      notCredited(table, p),
      {
        Put: {
          TableName: table,
          Item: { ...keys.delayedPayment(p.userId, p.sessionId), ...fields(p, 'pending') },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    done: true,
    failedAt: { 0: false, 1: false },
  }));
}

/** Failed, unless credited: over a pending record (keeping when it started) or none. */
export function recordFailedPayment(db: DynamoDBDocumentClient, table: string, p: DelayedPayment) {
  const f = fields(p, 'failed');
  return transactWithRetry<boolean>(db, async () => ({
    items: [
      notCredited(table, p),
      {
        Update: {
          TableName: table,
          Key: keys.delayedPayment(p.userId, p.sessionId),
          UpdateExpression:
            'SET session_id = :sid, plan_id = :plan, tokens = :tokens, amount_cents = :amount, #state = :state, created_at = if_not_exists(created_at, :now), updated_at = :now, #ttl = :ttl',
          ExpressionAttributeNames: { '#state': 'state', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':sid': f.session_id,
            ':plan': f.plan_id,
            ':tokens': f.tokens,
            ':amount': f.amount_cents,
            ':state': f.state,
            ':now': p.now,
            ':ttl': f[TTL_ATTRIBUTE],
          },
        },
      },
    ],
    done: true,
    failedAt: { 0: false },
  }));
}

/** The delete that goes in the credit's transaction: the payment is no longer pending. */
export const delayedPaymentDelete = (table: string, userId: string, sessionId: string): TransactItem => ({
  Delete: { TableName: table, Key: keys.delayedPayment(userId, sessionId) },
});

const DelayedItem = z.object({
  session_id: z.string(),
  plan_id: z.string(),
  tokens: z.number(),
  amount_cents: z.number(),
  state: z.enum(['pending', 'failed']),
  created_at: z.number(),
  updated_at: z.number(),
});

/** The account's delayed payments, newest first (a handful at most: one Query of its partition). */
export async function listDelayedPayments(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  now: number,
): Promise<DelayedPaymentView[]> {
  const res = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': keys.delayedPaymentPrefix },
      ConsistentRead: true,
      Limit: 50,
    }),
  );
  return (res.Items ?? [])
    .filter((i) => typeof i[TTL_ATTRIBUTE] !== 'number' || i[TTL_ATTRIBUTE] > now)
    .map((i) => DelayedItem.parse(i))
    .map((i) => ({
      sessionId: i.session_id,
      planId: i.plan_id,
      tokens: i.tokens,
      amountCents: i.amount_cents,
      state: i.state,
      createdAt: i.created_at,
      updatedAt: i.updated_at,
    }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

const emailAttributes = (email: CheckoutEmail) => ({
  '#sent': `${email}_email_sent_at`,
  '#claimed': `${email}_email_claimed_at`,
});

export function claimCheckoutEmail(
  db: DynamoDBDocumentClient,
  table: string,
  sessionId: string,
  email: CheckoutEmail,
  now: number,
): Promise<boolean> {
  // A receipt once the tokens are in; the refusal only while they are not.
  const credited =
    email === 'receipt' ? 'attribute_exists(credited_at)' : 'attribute_not_exists(credited_at)';
  return writtenUnlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.checkout(sessionId),
        UpdateExpression: 'SET #claimed = :now',
        ConditionExpression: `attribute_exists(pk) AND ${credited} AND attribute_not_exists(#sent) AND (attribute_not_exists(#claimed) OR #claimed < :stale)`,
        ExpressionAttributeNames: emailAttributes(email),
        ExpressionAttributeValues: { ':now': now, ':stale': now - CLAIM_SECONDS },
      }),
    ),
  );
}

export async function checkoutEmailSent(
  db: DynamoDBDocumentClient,
  table: string,
  sessionId: string,
  email: CheckoutEmail,
  now: number,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.checkout(sessionId),
      UpdateExpression: 'SET #sent = :now REMOVE #claimed',
      ExpressionAttributeNames: emailAttributes(email),
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

export async function releaseCheckoutEmail(
  db: DynamoDBDocumentClient,
  table: string,
  sessionId: string,
  email: CheckoutEmail,
): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: table,
        Key: keys.checkout(sessionId),
        UpdateExpression: 'REMOVE #claimed',
        ConditionExpression: 'attribute_not_exists(#sent)',
        ExpressionAttributeNames: emailAttributes(email),
      }),
    )
    .catch(() => undefined);
}
