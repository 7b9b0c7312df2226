// Who pays a member's create (functions/teams/domain/ports.ts TeamPayers) and the allowance's share of a
// task transaction. Apart from team-store.ts so the avatars group and the worker carry only these reads and
// writes (infra/group-needs.ts lists each bundle's table actions).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import type { Allowed, TeamPayer, TeamPayers } from '../../generation/public.ts';
import type { ChosenHeadshot, Membership, TeamChoices } from '../domain/ports.ts';
import { DynamoTeamAccess } from './team-access.ts';

export class DynamoTeamPayers implements TeamPayers, TeamChoices {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  membershipOf(userId: string): Promise<Membership | null> {
    return new DynamoTeamAccess(this.db, this.table).membershipOf(userId);
  }

  /**
   * The member's choice and the task's mark, in one transaction: the new task marked (only while DONE and
   * paid by this member's allowance), the one chosen before unmarked, the member's `chosen` set or removed.
   */
  async setChosen(
    userId: string,
    teamId: string,
    memberId: string,
    chosen: ChosenHeadshot | null,
  ): Promise<boolean | 'no-seat'> {
    return transactWithRetry<boolean | 'no-seat'>(this.db, async () => {
      const member = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
      if (!member || member.left_at !== undefined || member.user_id !== userId) return false;
      // A seat given back in the meantime fails the condition below and is read here on the retry.
      if (chosen && member.has_seat !== true) return 'no-seat';
      const before = (member.chosen as ChosenHeadshot | undefined)?.taskId ?? null;
      const items: TransactItem[] = [
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMember(teamId, memberId),
            UpdateExpression: chosen ? 'SET chosen = :chosen' : 'REMOVE chosen',
            ConditionExpression: `attribute_not_exists(left_at) AND ${before ? 'chosen.taskId = :before' : 'attribute_not_exists(chosen)'}${chosen ? ' AND has_seat = :seated' : ''}`,
            ExpressionAttributeValues: {
              ...(chosen ? { ':chosen': chosen, ':seated': true } : {}),
              ...(before ? { ':before': before } : {}),
            },
          },
        },
      ];
      if (before && before !== chosen?.taskId)
        items.push({
          Update: {
            TableName: this.table,
            Key: keys.task(userId, before),
            UpdateExpression: 'REMOVE team_chosen_at',
            ConditionExpression: 'attribute_exists(pk)',
          },
        });
      if (chosen)
        items.push({
          Update: {
            TableName: this.table,
            Key: keys.task(userId, chosen.taskId),
            UpdateExpression: 'SET team_chosen_at = :now',
            ConditionExpression: '#status = :done AND team_id = :team AND team_member_id = :member',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':now': chosen.chosenAt,
              ':done': 'DONE',
              ':team': teamId,
              ':member': memberId,
            },
          },
        });
      if (items.length === 1 && !before && !chosen) return true;
      return { items, done: true, failedAt: { [items.length - 1]: false } };
    });
  }

  async payerFor(userId: string): Promise<TeamPayer | null> {
    const pointer = await consistentGet(this.db, this.table, keys.teamMembership(userId));
    if (!pointer) return null;
    const teamId = String(pointer.team_id);
    const memberId = String(pointer.member_id);
    const [team, member] = await Promise.all([
      consistentGet(this.db, this.table, keys.team(teamId)),
      consistentGet(this.db, this.table, keys.teamMember(teamId, memberId)),
    ]);
    if (!team || !member || member.has_seat !== true || member.left_at !== undefined) return null;
    if (member.user_id !== userId) return null;
    const allowed: Allowed = {
      styles: (team.allowed_styles as number[] | null | undefined) ?? null,
      combos: (team.allowed_combos as Allowed['combos'] | undefined) ?? null,
    };
    return { teamId, memberId, allowed, allowanceLeft: Number(member.allowance_left ?? 0) };
  }
}
