// An owner's or admin's own seat (functions/teams/domain/own-seat.ts) on the single table: taking one is a
// join's seat (the team's counter under `seats_used < seats_total`, the same condition) and their row's
// fresh allowance and their mailbox's seat claim in one transaction; giving it back is a member's leaving
// without leaving: the claim is released, the counter comes down only when nothing was created from the
// seat, and the chosen headshot goes with the task's mark.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import type { SeatTaken, TeamStore } from '../domain/ports.ts';
import { chosenMarkRelease, seatClaimPut, seatClaimRelease, seatRelease } from './team-seat-claims.ts';

/** Owners and admins asking at once meet on the team's counter, as joins do (team-store.ts). */
const SEAT_ATTEMPTS = 60;

type Item = Record<string, unknown>;

/** Theirs, still in the team, an owner or an admin: who may hold a seat of their own this way. */
const ownRow = (item: Item | null | undefined, userId: string): item is Item =>
  !!item &&
  item.user_id === userId &&
  item.left_at === undefined &&
  (item.role === 'owner' || item.role === 'admin');

export class DynamoTeamOwnSeat implements Pick<TeamStore, 'takeSeat' | 'giveBackSeat'> {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  takeSeat(t: { teamId: string; memberId: string; userId: string; allowance: number }): Promise<SeatTaken> {
    return transactWithRetry<SeatTaken>(
      this.db,
      async () => {
        const item = await consistentGet(this.db, this.table, keys.teamMember(t.teamId, t.memberId));
        if (!ownRow(item, t.userId)) return { ok: false, reason: 'not-member' };
        if (item.has_seat === true) return { ok: false, reason: 'seated' };
        const items: TransactItem[] = [
          {
            Update: {
              TableName: this.table,
              Key: keys.team(t.teamId),
              UpdateExpression: 'SET seats_used = seats_used + :one',
              ConditionExpression: 'attribute_exists(pk) AND seats_used < seats_total',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          {
            Update: {
              TableName: this.table,
              Key: keys.teamMember(t.teamId, t.memberId),
              // A new seat: its own allowance and its own count of granted retries.
              UpdateExpression:
                'SET has_seat = :yes, allowance_total = :allowance, allowance_left = :allowance, allowance_spent = :zero REMOVE retries_granted',
              // Read again under the write: a row that changed meanwhile is read anew (the retry).
              ConditionExpression:
                'user_id = :user AND attribute_not_exists(left_at) AND has_seat = :no AND #role IN (:owner, :admin)',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: {
                ':yes': true,
                ':no': false,
                ':allowance': t.allowance,
                ':zero': 0,
                ':user': t.userId,
                ':owner': 'owner',
                ':admin': 'admin',
              },
            },
          },
          // One seat per mailbox in the team, as a join holds it (team-seat-claims.ts).
          seatClaimPut(this.table, t.teamId, String(item.email), t.memberId),
        ];
        return {
          items,
          done: { ok: true },
          failedAt: { 0: { ok: false, reason: 'no-seat' }, 2: { ok: false, reason: 'mailbox-has-seat' } },
        };
      },
      SEAT_ATTEMPTS,
    );
  }

  giveBackSeat(
    teamId: string,
    memberId: string,
    userId: string,
  ): Promise<{ freed: boolean; hadChosen: boolean } | null> {
    return transactWithRetry(this.db, async () => {
      const item = await consistentGet(this.db, this.table, keys.teamMember(teamId, memberId));
      if (!ownRow(item, userId) || item.has_seat !== true) return null;
      const spent = Number(item.allowance_spent ?? 0);
      // As a member's leaving (team-store.ts removeMember): a seat nobody generated with goes back.
      const freed = spent === 0;
      const chosen = (item.chosen as { taskId?: string } | undefined)?.taskId ?? null;
      const items: TransactItem[] = [
        {
          Update: {
            TableName: this.table,
            Key: keys.teamMember(teamId, memberId),
            UpdateExpression: `SET has_seat = :no${chosen ? ' REMOVE chosen' : ''}`,
            ConditionExpression: `user_id = :user AND has_seat = :yes AND attribute_not_exists(left_at) AND allowance_spent = :spent AND ${chosen ? 'chosen.taskId = :chosen' : 'attribute_not_exists(chosen)'}`,
            ExpressionAttributeValues: {
              ':no': false,
              ':yes': true,
              ':user': userId,
              ':spent': spent,
              ...(chosen ? { ':chosen': chosen } : {}),
            },
          },
        },
      ];
      // The mailbox's seat claim goes with the seat, as on leaving.
      items.push(
        ...(await seatClaimRelease(this.db, this.table, teamId, memberId, String(item.email ?? ''))),
      );
      // The task's "chosen for my team" mark goes with the choice (a task deleted since has none).
      if (chosen) items.push(...(await chosenMarkRelease(this.db, this.table, userId, chosen)));
      if (freed) items.push(seatRelease(this.table, teamId));
      return { items, done: { freed, hadChosen: chosen !== null } };
    });
  }
}
