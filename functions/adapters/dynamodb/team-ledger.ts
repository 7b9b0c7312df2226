// The team's own ledger (docs/data-model.md, "Teams"): one entry per seat purchase, written in the webhook's
// credit transaction (billing-credits.ts creditTeamSeats).
import type { TransactItem } from './balance-transaction.ts';
import { keys } from './keys.ts';

/** The team's own ledger: seats bought (docs/data-model.md, "Teams"). Used by the webhook's credit. */
export function teamLedgerPut(
  table: string,
  teamId: string,
  e: { entryId: string; seats: number; sessionId: string; at: number; seatsAfter: number },
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.teamLedger(teamId, e.at, e.entryId),
        entry_id: e.entryId,
        reason: 'seats_purchase',
        seats: e.seats,
        seats_after: e.seatsAfter,
        session_id: e.sessionId,
        created_at: e.at,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
