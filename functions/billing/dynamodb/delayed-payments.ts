// A pack paid by bank debit, between "completed" and the bank's answer: the account's DELAYED_PAYMENT#
// item (pending, or failed), written only while the checkout is not credited; the credit's transaction
// deletes it (billing-credits.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { DelayedPayment } from '../domain/ports.ts';

/** Banks answer a SEPA debit within 14 business days; a refusal stays on the account page this long. */
const KEPT_SECONDS = 30 * 24 * 3600;

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
