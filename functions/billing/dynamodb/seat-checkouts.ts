// A team's seat checkout as recorded for the webhook (functions/teams/domain/seat-checkout.ts; served by
// the billing group), the team's one customer at the provider, and the team's purchases for its page.
// docs/data-model.md: CHECKOUT#, with team_id; TEAM's stripe_customer_id; SEAT_PURCHASE#.
import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { keys, ownedBy } from '#platform/dynamodb/keys.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import type { SeatCheckoutRecords, SeatPurchaseView } from '../../teams/public.ts';
import { listSeatPurchases } from './seat-purchase-list.ts';

/** The checkout record the webhook credits seats from (docs/data-model.md: CHECKOUT#, with team_id). */
export class DynamoSeatCheckouts implements SeatCheckoutRecords {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  /** The first customer stored stays: a condition on the team's item, then the one it holds is read. */
  async linkTeamCustomer(teamId: string, customerId: string): Promise<string> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.team(teamId),
          UpdateExpression: 'SET stripe_customer_id = :c',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(stripe_customer_id) OR stripe_customer_id = :c)',
          ExpressionAttributeValues: { ':c': customerId },
        }),
      );
      return customerId;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      const kept = (await consistentGet(this.db, this.table, keys.team(teamId)))?.stripe_customer_id;
      if (typeof kept !== 'string') throw new Error(`Team ${teamId} is gone: no customer to keep`);
      return kept;
    }
  }

  listSeatPurchases(teamId: string, now: number): Promise<SeatPurchaseView[]> {
    return listSeatPurchases(this.db, this.table, teamId, now);
  }

  async recordSeatCheckout(r: Parameters<SeatCheckoutRecords['recordSeatCheckout']>[0]): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.checkout(r.sessionId),
          ...ownedBy(r.userId),
          session_id: r.sessionId,
          user_id: r.userId,
          plan_id: TEAM_SEAT.id,
          mode: 'payment',
          amount_cents: r.amountCents,
          team_id: r.teamId,
          quantity: r.quantity,
          created_at: r.now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }
}
