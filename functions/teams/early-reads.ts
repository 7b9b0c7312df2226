// The dashboard's page (GET /teams/{teamId}/members) waits on about one Query: as the request arrives two
// requests go out at once (functions/platform/http/early-reads.ts, which also checks the session and serves each read
// once, to this request only): the caller's account, team pointer and the team in one BatchGetItem
// (functions/teams/dynamodb/team-caller.ts), and the asked page's Query. The use case takes its pointer,
// team and page from there and checks them exactly as before (functions/teams/domain/team-access.ts): a
// refused caller's reads are dropped, and as nothing outlives the request, the next one reads the pointer
// afresh and an admin removed a moment ago sees nothing.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SessionVerifier, User, UserReader } from '#platform/domain/ports.ts';
import { EarlyReads } from '#platform/http/early-reads.ts';
import { teamsRoutes } from '#shared/api/teams.ts';
import { PATH_PARAMS } from '#shared/path-params.ts';
import type { Membership, Team } from './domain/ports.ts';
import type { MembersPageDeps } from './domain/teams.ts';
import { membersPageLimit } from './domain/teams.ts';

type Reads = MembersPageDeps['teams'];

/** The caller's account, pointer and the path's team, read together (team-caller.ts). */
export interface CallerReads {
  read(
    userId: string,
    teamId: string,
  ): Promise<{ user: User | null; membership: Membership | null; team: Team | null }>;
}

interface Page {
  teamId: string;
  limit: number;
  cursor: string | null;
}

function pageOf(event: APIGatewayProxyEventV2): Page | null {
  const teamId = event.pathParameters?.teamId;
  // A team id of no team's shape is answered 404 by the route (shared/path-params.ts): nothing to read.
  if (!teamId || !PATH_PARAMS.teamId.shape.test(teamId)) return null;
  const query = event.queryStringParameters ?? {};
  return { teamId, limit: membersPageLimit(query.limit), cursor: query.cursor || null };
}

type Started = { caller: ReturnType<CallerReads['read']>; page: ReturnType<Reads['listMembers']> };

export class TeamMembersEarlyReads extends EarlyReads<Page, Started> {
  private readonly teams: Reads;
  constructor(sessions: SessionVerifier, users: UserReader, caller: CallerReads, teams: Reads) {
    super(sessions, users, {
      route: teamsRoutes.teamMembers,
      page: pageOf,
      reads: (userId, { teamId, limit, cursor }) => ({
        caller: caller.read(userId, teamId),
        page: teams.listMembers(teamId, limit, cursor),
      }),
      // The account comes with the pointer and the team, in the same BatchGetItem.
      account: (reads) => reads.caller.then((c) => c.user),
    });
    this.teams = teams;
  }

  /**
   * The reads the route's use case makes: those started for this request when they are the same reads
   * (same caller, team, page), each served once; otherwise the store's.
   */
  readsFor(event: APIGatewayProxyEventV2): Reads {
    const served = this.servedFor(event);
    const teams = this.teams;
    return {
      membershipOf: async (userId) => {
        const early = await served('membership', (_, caller) => caller === userId);
        return early ? (await early.caller).membership : teams.membershipOf(userId);
      },
      getTeam: async (teamId) => {
        const early = await served('team', (p) => p.teamId === teamId);
        return early ? (await early.caller).team : teams.getTeam(teamId);
      },
      listMembers: async (teamId, limit, cursor) => {
        const early = await served(
          'page',
          (p) => p.teamId === teamId && p.limit === limit && p.cursor === cursor,
        );
        return early ? early.page : teams.listMembers(teamId, limit, cursor);
      },
    };
  }
}
