// The dashboard's page (GET /teams/{teamId}/members) waits on about one Query: its reads start as soon as
// the request arrives instead of one after the other. Before the session is resolved
// (functions/http/middleware.ts), the token's signature is checked here and, for a valid one, two requests
// go out at once: the caller's account, team pointer and the team in one BatchGetItem
// (functions/adapters/dynamodb/team-caller.ts), and the asked page's Query. The session's resolution then
// takes its account from there, and the use case its pointer, team and page, and each checks exactly as
// before (functions/domain/sessions.ts; functions/domain/teams/team-access.ts) before anything is answered:
// a refused caller's reads are dropped. Each early read is served once, to its own request; nothing
// outlives the request, so the next one reads the pointer afresh and an admin removed a moment ago sees
// nothing.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { apiRoutes, routeKey } from '../../shared/api-routes.ts';
import type { SessionClaims, SessionVerifier, User, UserReader } from '../domain/ports.ts';
import type { Membership, Team } from '../domain/teams/ports.ts';
import type { MembersPageDeps } from '../domain/teams/teams.ts';
import { membersPageLimit } from '../domain/teams/teams.ts';
import { presentedToken } from '../http/middleware.ts';

type Reads = MembersPageDeps['teams'];

/** The caller's account, pointer and the path's team, read together (team-caller.ts). */
export interface CallerReads {
  read(
    userId: string,
    teamId: string,
  ): Promise<{ user: User | null; membership: Membership | null; team: Team | null }>;
}

interface Started {
  token: string;
  teamId: string;
  limit: number;
  cursor: string | null;
  verified: Promise<SessionClaims>;
  reads: Promise<{
    userId: string;
    caller: ReturnType<CallerReads['read']>;
    page: ReturnType<Reads['listMembers']>;
  } | null>;
  /** what was served already (once each) */
  used: Set<'verify' | 'user' | 'membership' | 'team' | 'page'>;
}

const MEMBERS_PAGE = routeKey(apiRoutes.teamMembers);

/** A read whose failure is reported to whoever awaits it, and to nobody when it is dropped. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

export class EarlyReads {
  private readonly byEvent = new WeakMap<APIGatewayProxyEventV2, Started>();
  private readonly byToken = new Map<string, Started>();
  private readonly sessions: SessionVerifier;
  private readonly users: UserReader;
  private readonly caller: CallerReads;
  private readonly teams: Reads;
  constructor(sessions: SessionVerifier, users: UserReader, caller: CallerReads, teams: Reads) {
    this.sessions = sessions;
    this.users = users;
    this.caller = caller;
    this.teams = teams;
  }

  /** Called with each request before the group's handler: starts the dashboard page's reads. */
  start(event: APIGatewayProxyEventV2): void {
    if (event.routeKey !== MEMBERS_PAGE) return;
    const presented = presentedToken(event, apiRoutes.teamMembers);
    const teamId = event.pathParameters?.teamId;
    // A download link's token is resolved by its own rules: only a session in the header is read early.
    if (presented?.via !== 'header' || !teamId) return;
    const token = presented.token;
    // The same session asking twice at once (one process serves many locally): the second reads as usual.
    if (this.byToken.has(token)) return;
    const query = event.queryStringParameters ?? {};
    const limit = membersPageLimit(query.limit);
    const cursor = query.cursor || null;
    const verified = quiet(this.sessions.verify(token));
    const started: Started = {
      token,
      teamId,
      limit,
      cursor,
      verified,
      reads: verified.then(
        ({ userId }) => ({
          userId,
          caller: quiet(this.caller.read(userId, teamId)),
          page: quiet(this.teams.listMembers(teamId, limit, cursor)),
        }),
        // An invalid token: the session's resolution answers 401 with the same error; nothing was read.
        () => null,
      ),
      used: new Set(),
    };
    this.byEvent.set(event, started);
    this.byToken.set(token, started);
  }

  /** Called when the request is answered: what it started is forgotten. */
  end(event: APIGatewayProxyEventV2): void {
    const started = this.byEvent.get(event);
    if (started && this.byToken.get(started.token) === started) this.byToken.delete(started.token);
    this.byEvent.delete(event);
  }

  /** What the session's resolution of `token` reads: the early signature check and account, once each. */
  session(token: string): { sessions: SessionVerifier; users: UserReader } {
    const started = this.byToken.get(token);
    return {
      sessions: {
        verify: (t) =>
          started && t === started.token && once(started, 'verify')
            ? started.verified
            : this.sessions.verify(t),
      },
      users: {
        getById: async (id) => {
          const reads = started ? await started.reads : null;
          if (started && reads?.userId === id && once(started, 'user')) return (await reads.caller).user;
          return this.users.getById(id);
        },
      },
    };
  }

  /**
   * The reads the route's use case makes: those started for this request when they are the same reads
   * (same caller, team, page), each served once; otherwise the store's.
   */
  readsFor(event: APIGatewayProxyEventV2): Reads {
    const started = this.byEvent.get(event);
    const teams = this.teams;
    const early = async (
      same: (s: Started, userId: string) => boolean,
      what: 'membership' | 'team' | 'page',
    ) => {
      const reads = started ? await started.reads : null;
      return started && reads && same(started, reads.userId) && once(started, what) ? reads : null;
    };
    return {
      membershipOf: async (userId) => {
        const reads = await early((_, id) => id === userId, 'membership');
        return reads ? (await reads.caller).membership : teams.membershipOf(userId);
      },
      getTeam: async (teamId) => {
        const reads = await early((s) => s.teamId === teamId, 'team');
        return reads ? (await reads.caller).team : teams.getTeam(teamId);
      },
      listMembers: async (teamId, limit, cursor) => {
        const reads = await early(
          (s) => s.teamId === teamId && s.limit === limit && s.cursor === cursor,
          'page',
        );
        return reads ? reads.page : teams.listMembers(teamId, limit, cursor);
      },
    };
  }
}

/** True the first time `what` of `started` is asked for. */
function once(started: Started, what: Started['used'] extends Set<infer W> ? W : never): boolean {
  if (started.used.has(what)) return false;
  started.used.add(what);
  return true;
}
