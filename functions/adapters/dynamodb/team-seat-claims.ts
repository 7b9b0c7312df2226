// One seat per team per mailbox (docs/product.md, "Teams"): `p+1@acme.test` and `p+2@acme.test` reach one
// mailbox, so they are one person to the team's seats. A join writes the mailbox's claim (keys.ts
// teamSeatClaim: the mailbox by shared/email-address.ts mailboxOf, the sign-up bonus's rule) in its own
// transaction, under `attribute_not_exists`: a second address of the same mailbox is refused by the database,
// however many join at once. Leaving, a removal and the account's deletion release it in theirs, so the same
// person may join again; a dissolved team's partition goes with its claims.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mailboxOf } from '../../../shared/email-address.ts';
import type { TransactItem } from './balance-transaction.ts';
import { consistentGet } from './client.ts';
import { keys } from './keys.ts';

/** The join's share: the claim of `email`'s mailbox by the joining member (fails when another holds it). */
export function seatClaimPut(table: string, teamId: string, email: string, memberId: string): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: { ...keys.teamSeatClaim(teamId, mailboxOf(email)), team_id: teamId, member_id: memberId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

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
