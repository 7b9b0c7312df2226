// The two reads by key a team route checks its caller with (functions/teams/domain/team-access.ts): the
// account's team pointer and the team. Apart from team-store.ts so the billing group's seat checkout carries
// only GetItem (infra/group-needs.ts lists each bundle's table actions).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { consistentGet } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import type { TeamRole } from '#shared/team-rules.ts';
import type { Allowed } from '../../generation/public.ts';
import type { Membership, Team, TeamAccessReads } from '../domain/ports.ts';

type Item = Record<string, unknown>;
const num = (v: unknown): number => Number(v ?? 0);

export const toTeam = (i: Item): Team => ({
  id: String(i.team_id),
  name: String(i.name),
  ownerId: String(i.owner_id),
  domains: (i.domains as string[] | undefined) ?? [],
  lang: i.lang === 'fr' ? 'fr' : 'en',
  seatsTotal: num(i.seats_total),
  seatsUsed: num(i.seats_used),
  invitesPending: num(i.invites_pending),
  allowed: {
    styles: (i.allowed_styles as number[] | null | undefined) ?? null,
    combos: (i.allowed_combos as Allowed['combos'] | undefined) ?? null,
  },
  createdAt: num(i.created_at),
  dissolvedAt: i.dissolved_at === undefined || i.dissolved_at === null ? null : Number(i.dissolved_at),
  ...(typeof i.stripe_customer_id === 'string' ? { stripeCustomerId: i.stripe_customer_id } : {}),
});

export const toMembership = (i: Item): Membership => ({
  teamId: String(i.team_id),
  memberId: String(i.member_id),
  role: (i.role as TeamRole) ?? 'member',
});

export class DynamoTeamAccess implements TeamAccessReads {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async membershipOf(userId: string): Promise<Membership | null> {
    const item = await consistentGet(this.db, this.table, keys.teamMembership(userId));
    return item ? toMembership(item) : null;
  }

  async getTeam(teamId: string): Promise<Team | null> {
    const item = await consistentGet(this.db, this.table, keys.team(teamId));
    return item ? toTeam(item) : null;
  }
}
