// What a team route knows of its caller before anything else, in one consistent BatchGetItem: the account
// (the session's read), the account's team pointer and the team the path names
// (functions/teams/early-reads.ts). Three reads by key in one request rather than three: on the dashboard's
// page they run beside its Query, so the page waits on about that Query alone.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { User } from '#platform/domain/ports.ts';
import { batchGet } from '#platform/dynamodb/batch-get.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { liveUser } from '#platform/dynamodb/user-reader.ts';
import type { Membership, Team } from '../domain/ports.ts';
import { toMembership, toTeam } from './team-access.ts';

export interface TeamCaller {
  /** null: no such account, or one being deleted (user-reader.ts liveUser) */
  user: User | null;
  membership: Membership | null;
  team: Team | null;
}

type Item = Record<string, unknown>;

export class DynamoTeamCaller {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async read(userId: string, teamId: string): Promise<TeamCaller> {
    const wanted = [keys.user(userId), keys.teamMembership(userId), keys.team(teamId)];
    const found = new Map<string, Item>();
    for (const i of await batchGet(this.db, this.table, wanted, { consistent: true }))
      found.set(`${i.pk}|${i.sk}`, i);
    const item = (k: { pk: string; sk: string }) => found.get(`${k.pk}|${k.sk}`);
    const account = item(keys.user(userId));
    const pointer = item(keys.teamMembership(userId));
    const team = item(keys.team(teamId));
    return {
      user: liveUser(account),
      membership: pointer ? toMembership(pointer) : null,
      team: team ? toTeam(team) : null,
    };
  }
}
