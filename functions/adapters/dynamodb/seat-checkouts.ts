// A team's seat checkout as recorded for the webhook (functions/domain/teams/seat-checkout.ts; served by
// the billing group). docs/data-model.md: CHECKOUT#, with team_id.
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TEAM_SEAT } from '../../../shared/team-rules.ts';
import type { SeatCheckoutRecords } from '../../domain/teams/ports.ts';
import { keys, ownedBy } from './keys.ts';

/** The checkout record the webhook credits seats from (docs/data-model.md: CHECKOUT#, with team_id). */
export class DynamoSeatCheckouts implements SeatCheckoutRecords {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
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
