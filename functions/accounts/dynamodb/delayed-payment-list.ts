// The account's packs paid by bank debit that the bank has not confirmed, or refused (DELAYED_PAYMENT#
// items of its partition, written by the webhook: delayed-payments.ts), for the account page's history.
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { DelayedPaymentView } from '../domain/ports.ts';

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
