// The team's own ledger (docs/data-model.md, "Teams"): one entry per seat purchase and per seat refund,
// written only in the webhook's transactions (billing-credits.ts creditTeamSeats, clawBackRefund), so it
// lives beside them.
import type { TransactItem } from '#platform/dynamodb/balance-transaction.ts';
import { keys } from '#platform/dynamodb/keys.ts';

/**
 * The team's own ledger (docs/data-model.md, "Teams"): seats bought (`seats_purchase`) and seats taken back
 * by a refund (`seats_refund`, negative `seats`; `seats_kept` counts the refunded seats members held, which
 * could not be taken: an operator settles those with the company). Written by the webhook's transactions.
 */
export function teamLedgerPut(
  table: string,
  teamId: string,
  e: {
    entryId: string;
    seats: number;
    sessionId: string;
    at: number;
    seatsAfter: number;
    refund?: { paymentIntentId: string; seatsKept: number };
  },
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.teamLedger(teamId, e.at, e.entryId),
        entry_id: e.entryId,
        reason: e.refund ? 'seats_refund' : 'seats_purchase',
        seats: e.seats,
        seats_after: e.seatsAfter,
        session_id: e.sessionId,
        created_at: e.at,
        ...(e.refund ? { payment_intent_id: e.refund.paymentIntentId, seats_kept: e.refund.seatsKept } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
