// The team's members, a page at a time: the team-keyed Query behind the dashboard, the CSV and the ZIP
// (functions/teams/domain/ports.ts TeamStore.listMembers). Apart from team-store.ts so the privacy job
// function, which builds a team's ZIP ahead of its download, carries only this Query.
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#platform/dynamodb/keys.ts';
import type { TeamRole } from '#shared/team-rules.ts';
import type { ChosenHeadshot, Member, MembersPage, TeamStore } from '../domain/ports.ts';

type Item = Record<string, unknown>;
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === undefined || v === null ? null : Number(v));

export const toMember = (i: Item): Member => ({
  teamId: String(i.team_id),
  memberId: String(i.member_id),
  userId: (i.user_id as string | undefined) ?? null,
  email: String(i.email),
  role: (i.role as TeamRole | undefined) ?? 'member',
  hasSeat: i.has_seat === true,
  allowanceTotal: num(i.allowance_total),
  allowanceLeft: num(i.allowance_left),
  allowanceSpent: num(i.allowance_spent),
  finished: num(i.finished),
  invitedAt: numOrNull(i.invited_at),
  joinedAt: numOrNull(i.joined_at),
  leftAt: numOrNull(i.left_at),
  remindedAt: numOrNull(i.reminded_at),
  adminSince: numOrNull(i.admin_since),
  photosReadyUntil: numOrNull(i.photos_ready_until),
  chosen: (i.chosen as ChosenHeadshot | undefined) ?? null,
});

export class DynamoTeamMembers implements Pick<TeamStore, 'listMembers'> {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async listMembers(teamId: string, limit: number, cursor: string | null): Promise<MembersPage> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.team(teamId).pk, ':prefix': keys.teamMemberPrefix },
        Limit: limit,
        // The cursor is a member id: the key is rebuilt with the team the caller was checked against.
        ...(cursor ? { ExclusiveStartKey: keys.teamMember(teamId, cursor) } : {}),
      }),
    );
    const members = (res.Items ?? []).map((i) => toMember(i));
    const last = res.LastEvaluatedKey;
    return {
      members,
      nextCursor: last ? String(last.sk).slice(keys.teamMemberPrefix.length) : null,
    };
  }
}
