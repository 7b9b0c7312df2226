// A team's seat purchases (docs/data-model.md: SEAT_PURCHASE# in the team's partition), for the team page:
// a bank debit pending or refused (written by the webhook only while its checkout is not credited, kept 30
// days), and a paid one (written by the seats' credit transaction, billing-credits.ts, with no expiry),
// later with its invoice's page at the provider. The team page's read: seat-purchase-list.ts.
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { SeatPurchaseRecord } from '../domain/ports.ts';

/** Banks answer a SEPA debit within 14 business days; a refusal stays on the team page this long. */
const KEPT_SECONDS = 30 * 24 * 3600;

const key = (p: SeatPurchaseRecord) => keys.teamPurchase(p.teamId, p.checkoutAt, p.sessionId);

const notCredited = (table: string, p: SeatPurchaseRecord): TransactItem => ({
  ConditionCheck: {
    TableName: table,
    Key: keys.checkout(p.sessionId),
    ConditionExpression:
      'attribute_exists(pk) AND attribute_not_exists(credited_at) AND user_id = :uid AND team_id = :team',
    ExpressionAttributeValues: { ':uid': p.userId, ':team': p.teamId },
  },
});

const fields = (p: SeatPurchaseRecord) => ({
  session_id: p.sessionId,
  team_id: p.teamId,
  seats: p.seats,
  amount_cents: p.amountCents,
  created_at: p.checkoutAt,
  updated_at: p.now,
});

/** Pending, unless credited already or refused already (the events' order is not guaranteed). */
export function recordSeatsPending(db: DynamoDBDocumentClient, table: string, p: SeatPurchaseRecord) {
  return transactWithRetry<boolean>(db, async () => ({
    items: [
      notCredited(table, p),
      {
        Put: {
          TableName: table,
          Item: { ...key(p), ...fields(p), state: 'pending', [TTL_ATTRIBUTE]: p.now + KEPT_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    done: true,
    failedAt: { 0: false, 1: false },
  }));
}

/** Refused by the bank, unless credited: over a pending record or none. */
export function recordSeatsFailed(db: DynamoDBDocumentClient, table: string, p: SeatPurchaseRecord) {
  const f = fields(p);
  return transactWithRetry<boolean>(db, async () => ({
    items: [
      notCredited(table, p),
      {
        Update: {
          TableName: table,
          Key: key(p),
          UpdateExpression:
            'SET session_id = :sid, team_id = :team, seats = :seats, amount_cents = :amount, created_at = :at, updated_at = :now, #state = :failed, #ttl = :ttl',
          ExpressionAttributeNames: { '#state': 'state', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':sid': f.session_id,
            ':team': f.team_id,
            ':seats': f.seats,
            ':amount': f.amount_cents,
            ':at': f.created_at,
            ':now': p.now,
            ':failed': 'failed',
            ':ttl': p.now + KEPT_SECONDS,
          },
        },
      },
    ],
    done: true,
    failedAt: { 0: false },
  }));
}

/** The paid purchase, in the seats' credit transaction: over a pending record, kept for good. */
export const seatsPaidPut = (table: string, p: SeatPurchaseRecord): TransactItem => ({
  Put: { TableName: table, Item: { ...key(p), ...fields(p), state: 'paid' } },
});

/**
 * The invoice of a paid purchase (its number and page at the provider), once read. A purchase credited
 * before purchases were kept has no item: nothing to add it to, and its receipt still goes.
 */
export async function saveSeatInvoice(
  db: DynamoDBDocumentClient,
  table: string,
  p: { teamId: string; sessionId: string; checkoutAt: number },
  invoice: { id: string; url: string; number: string | null },
): Promise<void> {
  await writtenUnlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.teamPurchase(p.teamId, p.checkoutAt, p.sessionId),
        UpdateExpression: 'SET invoice_id = :id, invoice_url = :url, invoice_number = :num',
        ConditionExpression: 'attribute_exists(pk) AND #state = :paid',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':id': invoice.id,
          ':url': invoice.url,
          ':num': invoice.number,
          ':paid': 'paid',
        },
      }),
    ),
  );
}
