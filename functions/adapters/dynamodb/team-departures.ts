// A member's account deleted (functions/domain/privacy/deletion-job.ts): their row on the team's dashboard
// stays, as "left", without anything of the account (its id, its chosen avatar, and the address unless the
// team itself invited it); their seat goes back to the team when they generated nothing; their pointer and
// the address's claim go. One transaction; a second run finds no pointer and does nothing.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamDepartures } from '../../domain/teams/ports.ts';
import { type TransactItem, transactWithRetry } from './balance-transaction.ts';
import { keys } from './keys.ts';

export const DELETED_ACCOUNT_EMAIL = '(account deleted)';

export class DynamoTeamDepartures implements TeamDepartures {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  private async get(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
    const res = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return (res.Item as Record<string, unknown> | undefined) ?? null;
  }

  async leaveOnDeletion(userId: string, now: number): Promise<void> {
    await transactWithRetry<void>(this.db, async () => {
      const pointer = await this.get(keys.teamMembership(userId));
      // An owner's team and member row are the owner's own items: the deletion's owned step removes them.
      if (!pointer || pointer.role === 'owner') return undefined;
      const teamId = String(pointer.team_id);
      const memberId = String(pointer.member_id);
      const member = await this.get(keys.teamMember(teamId, memberId));
      const items: TransactItem[] = [
        {
          Delete: {
            TableName: this.table,
            Key: keys.teamMembership(userId),
            ConditionExpression: 'team_id = :team',
            ExpressionAttributeValues: { ':team': teamId },
          },
        },
      ];
      if (member && member.user_id === userId) {
        const spent = Number(member.allowance_spent ?? 0);
        const invited = member.invited_at !== undefined;
        items.push(
          {
            Update: {
              TableName: this.table,
              Key: keys.teamMember(teamId, memberId),
              UpdateExpression: `SET left_at = if_not_exists(left_at, :now), has_seat = :no${invited ? '' : ', email = :gone'} REMOVE user_id, owned_by, chosen, code_hash`,
              ConditionExpression: 'user_id = :user AND allowance_spent = :spent',
              ExpressionAttributeValues: {
                ':now': now,
                ':no': false,
                ':user': userId,
                ':spent': spent,
                ...(invited ? {} : { ':gone': DELETED_ACCOUNT_EMAIL }),
              },
            },
          },
          { Delete: { TableName: this.table, Key: keys.teamInvite(teamId, String(member.email)) } },
        );
        if (member.has_seat === true && member.left_at === undefined && spent === 0)
          items.push({
            Update: {
              TableName: this.table,
              Key: keys.team(teamId),
              UpdateExpression: 'SET seats_used = seats_used - :one',
              ConditionExpression: 'seats_used > :zero',
              ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
            },
          });
      }
      return { items, done: undefined };
    });
  }
}
