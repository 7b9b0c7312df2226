// The dashboard's page (GET /teams/{teamId}/members) waits on about one Query: its reads start as soon as
// the request arrives, beside the session's own account read, instead of after it. Before the session is
// resolved (functions/http/middleware.ts), the token's signature is checked here too and, for a valid one,
// the caller's team pointer, the team and the asked page are read at once. The route then finds them for
// its own request only, each once (readsFor), and checks the session, the membership and the role exactly
// as before (functions/domain/teams/team-access.ts) before anything is answered: a refused caller's reads
// are dropped. Nothing outlives the request: the next one reads the pointer afresh, so an admin removed a
// moment ago sees nothing.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { apiRoutes, routeKey } from '../../shared/api-routes.ts';
import type { SessionVerifier } from '../domain/ports.ts';
import type { MembersPageDeps } from '../domain/teams/teams.ts';
import { membersPageLimit } from '../domain/teams/teams.ts';
import { presentedToken } from '../http/middleware.ts';

type Reads = MembersPageDeps['teams'];

interface Started {
  userId: string;
  teamId: string;
  limit: number;
  cursor: string | null;
  membership: ReturnType<Reads['membershipOf']> | null;
  team: ReturnType<Reads['getTeam']> | null;
  page: ReturnType<Reads['listMembers']> | null;
}

const MEMBERS_PAGE = routeKey(apiRoutes.teamMembers);

/** A read whose failure is reported to whoever awaits it, and to nobody when it is dropped. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

export class EarlyReads {
  private readonly started = new WeakMap<APIGatewayProxyEventV2, Promise<Started | null>>();
  private readonly sessions: SessionVerifier;
  private readonly teams: Reads;
  constructor(sessions: SessionVerifier, teams: Reads) {
    this.sessions = sessions;
    this.teams = teams;
  }

  /** Called with each request before the group's handler: starts the dashboard page's reads. */
  start(event: APIGatewayProxyEventV2): void {
    if (event.routeKey !== MEMBERS_PAGE) return;
    const presented = presentedToken(event, apiRoutes.teamMembers);
    const teamId = event.pathParameters?.teamId;
    // A download link's token is resolved by its own rules: only a session in the header is read early.
    if (presented?.via !== 'header' || !teamId) return;
    const query = event.queryStringParameters ?? {};
    const limit = membersPageLimit(query.limit);
    const cursor = query.cursor || null;
    this.started.set(
      event,
      this.sessions.verify(presented.token).then(
        ({ userId }) => ({
          userId,
          teamId,
          limit,
          cursor,
          membership: quiet(this.teams.membershipOf(userId)),
          team: quiet(this.teams.getTeam(teamId)),
          page: quiet(this.teams.listMembers(teamId, limit, cursor)),
        }),
        // An invalid token: the session middleware answers 401; nothing was read.
        () => null,
      ),
    );
  }

  /**
   * The reads the route's use case makes: those started for this request when they are the same reads
   * (same caller, team, page), each served once; otherwise the store's.
   */
  readsFor(event: APIGatewayProxyEventV2): Reads {
    const started = this.started.get(event);
    this.started.delete(event);
    const teams = this.teams;
    const take = async <K extends 'membership' | 'team' | 'page'>(
      key: K,
      same: (s: Started) => boolean,
    ): Promise<Started[K]> => {
      const s = await started;
      if (!s || !same(s)) return null;
      const read = s[key];
      s[key] = null;
      return read;
    };
    return {
      membershipOf: async (userId) =>
        (await take('membership', (s) => s.userId === userId)) ?? teams.membershipOf(userId),
      getTeam: async (teamId) => (await take('team', (s) => s.teamId === teamId)) ?? teams.getTeam(teamId),
      listMembers: async (teamId, limit, cursor) =>
        (await take('page', (s) => s.teamId === teamId && s.limit === limit && s.cursor === cursor)) ??
        teams.listMembers(teamId, limit, cursor),
    };
  }
}
