// The team allowance's share of a task transaction (generation's TeamPayers port, teams/dynamodb/team-payers.ts).
import type { TransactItem } from '#platform/dynamodb/balance-transaction.ts';
import { keys } from '#platform/dynamodb/keys.ts';

/**
 * A team avatar's allowance, in a task transaction (functions/generation/dynamodb/task-money.ts): `-n` spends
 * (only while the member holds their seat and has that many left), `+n` gives back (a failure, the likeness
 * guarantee), `finished` counts a team avatar done for the dashboard's status. Conditioned on the member
 * existing, so a removed or deleted member's item is never recreated.
 */
export function memberAllowanceChange(
  table: string,
  team: { teamId: string; memberId: string },
  change: { avatars: number; finished?: boolean },
): TransactItem {
  const n = change.avatars;
  const finished = change.finished ? ', finished :one' : '';
  if (n === 0)
    return {
      Update: {
        TableName: table,
        Key: keys.teamMember(team.teamId, team.memberId),
        UpdateExpression: 'ADD finished :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    };
  if (n < 0)
    return {
      Update: {
        TableName: table,
        Key: keys.teamMember(team.teamId, team.memberId),
        UpdateExpression: `ADD allowance_left :minus, allowance_spent :n${finished}`,
        ConditionExpression:
          'attribute_exists(pk) AND has_seat = :yes AND attribute_not_exists(left_at) AND allowance_left >= :n',
        ExpressionAttributeValues: {
          ':minus': n,
          ':n': -n,
          ':yes': true,
          ...(change.finished ? { ':one': 1 } : {}),
        },
      },
    };
  return {
    Update: {
      TableName: table,
      Key: keys.teamMember(team.teamId, team.memberId),
      UpdateExpression: `ADD allowance_left :n, allowance_spent :minus${finished}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n, ':minus': -n, ...(change.finished ? { ':one': 1 } : {}) },
    },
  };
}
