// A team's seat purchases for the team page (SEAT_PURCHASE# items of its partition, written by the webhook:
// seat-purchases.ts). Apart from the webhook's writes so the billing function's bundle carries only this
// Query (infra/group-needs.ts lists each bundle's table actions).
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { SeatPurchaseView } from '../../teams/public.ts';

const PurchaseItem = z.object({
  session_id: z.string(),
  state: z.enum(['pending', 'failed', 'paid']),
  seats: z.number(),
  amount_cents: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  invoice_url: z.optional(z.nullable(z.string())),
  invoice_number: z.optional(z.nullable(z.string())),
});

/** How many purchases the team page lists (the newest). */
const LISTED = 100;

/** The team's purchases, newest first: one Query of its partition. */
export async function listSeatPurchases(
  db: DynamoDBDocumentClient,
  table: string,
  teamId: string,
  now: number,
): Promise<SeatPurchaseView[]> {
  const res = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `TEAM#${teamId}`, ':prefix': keys.teamPurchasePrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: LISTED,
    }),
  );
  return (res.Items ?? [])
    .filter((i) => typeof i[TTL_ATTRIBUTE] !== 'number' || i[TTL_ATTRIBUTE] > now)
    .map((i) => PurchaseItem.parse(i))
    .map((i) => ({
      sessionId: i.session_id,
      state: i.state,
      seats: i.seats,
      amountCents: i.amount_cents,
      createdAt: i.created_at,
      updatedAt: i.updated_at,
      invoiceUrl: i.invoice_url ?? null,
      invoiceNumber: i.invoice_number ?? null,
    }));
}
