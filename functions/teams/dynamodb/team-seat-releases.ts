// What a member's departure (leaving, a removal, the account's deletion) gives back in its own transaction: the
// mailbox's seat claim (team-seat-claims.ts), the "Chosen for my team" mark on their task, and the seat.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '#platform/dynamodb/balance-transaction.ts';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { mailboxOf } from '#shared/email-address.ts';

/**
 * A departure's share: the claim of the member's mailbox, when this member holds it (read first; a member
 * who joined before claims were kept holds none, and another's claim stays).
 */
export async function seatClaimRelease(
  db: DynamoDBDocumentClient,
  table: string,
  teamId: string,
  memberId: string,
  email: string | null,
): Promise<TransactItem[]> {
  if (!email?.includes('@')) return [];
  const key = keys.teamSeatClaim(teamId, mailboxOf(email));
  const claim = await consistentGet(db, table, key);
  if (claim?.member_id !== memberId) return [];
  return [
    {
      Delete: {
        TableName: table,
        Key: key,
        ConditionExpression: 'member_id = :member',
        ExpressionAttributeValues: { ':member': memberId },
      },
    },
  ];
}

/**
 * A departing member's "Chosen for my team" mark off their task, as the choice leaves their row (read
 * first: a task they deleted meanwhile is left alone, and a conflict reads again).
 */
export async function chosenMarkRelease(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  taskId: string,
): Promise<TransactItem[]> {
  const task = await consistentGet(db, table, keys.task(userId, taskId));
  if (!task) return [];
  return [
    {
      Update: {
        TableName: table,
        Key: keys.task(userId, taskId),
        UpdateExpression: 'REMOVE team_chosen_at',
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  ];
}

/** The team's seat given back: one fewer used, never below none. */
export function seatRelease(table: string, teamId: string): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.team(teamId),
      UpdateExpression: 'SET seats_used = seats_used - :one',
      ConditionExpression: 'seats_used > :zero',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    },
  };
}
