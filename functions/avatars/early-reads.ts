// A user's task list (GET /aivatar/user-tasks) waits on about one Query: as the request arrives the session
// token's signature is checked and, for a valid one, the caller's account and the asked page are read at
// once instead of one after the other (as the teams dashboard's page, functions/teams/early-reads.ts). The
// session's resolution then takes its account from there and checks it exactly as before (a deleted account,
// a revoked session: functions/domain/sessions.ts) before anything is answered; the page is served to the
// use case only when it asks for the same caller's same page, once. Nothing outlives the request.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { apiRoutes, routeKey } from '../../shared/api-routes.ts';
import { taskListPage } from '../domain/generation/gallery.ts';
import type { TaskPage, TaskStore } from '../domain/generation/tasks.ts';
import type { SessionClaims, SessionVerifier, User, UserReader } from '../domain/ports.ts';
import { presentedToken } from '../http/middleware.ts';

type Lists = Pick<TaskStore, 'list' | 'listFavourites'>;

interface Started {
  token: string;
  limit: number;
  cursor: string | null;
  verified: Promise<SessionClaims>;
  reads: Promise<{ userId: string; user: Promise<User | null>; page: Promise<TaskPage> } | null>;
  used: Set<'verify' | 'user' | 'page'>;
}

const USER_TASKS = routeKey(apiRoutes.userTasks);

/** A read whose failure is reported to whoever awaits it, and to nobody when it is dropped. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

function once(started: Started, what: 'verify' | 'user' | 'page'): boolean {
  if (started.used.has(what)) return false;
  started.used.add(what);
  return true;
}

export class TaskListEarlyReads {
  private readonly byEvent = new WeakMap<APIGatewayProxyEventV2, Started>();
  private readonly byToken = new Map<string, Started>();
  private readonly sessions: SessionVerifier;
  private readonly users: UserReader;
  private readonly tasks: Lists;
  constructor(sessions: SessionVerifier, users: UserReader, tasks: Lists) {
    this.sessions = sessions;
    this.users = users;
    this.tasks = tasks;
  }

  /** Called with each request before the group's handler: starts the task list's reads. */
  start(event: APIGatewayProxyEventV2): void {
    if (event.routeKey !== USER_TASKS) return;
    const presented = presentedToken(event, apiRoutes.userTasks);
    // Only a session in the header is read early; a page the use case would refuse is not read at all.
    if (presented?.via !== 'header' || this.byToken.has(presented.token)) return;
    let page: ReturnType<typeof taskListPage>;
    try {
      page = taskListPage(event.queryStringParameters ?? {});
    } catch {
      return;
    }
    // Favourites read page after page until enough are found: left to the use case.
    if (page.favourites) return;
    const { limit, cursor } = page;
    const token = presented.token;
    const verified = quiet(this.sessions.verify(token));
    const started: Started = {
      token,
      limit,
      cursor,
      verified,
      reads: verified.then(
        ({ userId }) => ({
          userId,
          user: quiet(this.users.getById(userId)),
          page: quiet(this.tasks.list(userId, limit, cursor)),
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
          if (started && reads?.userId === id && once(started, 'user')) return reads.user;
          return this.users.getById(id);
        },
      },
    };
  }

  /** The lists the route's use case reads: the page started for this request when it is the same, once. */
  listsFor(event: APIGatewayProxyEventV2): Lists {
    const started = this.byEvent.get(event);
    const tasks = this.tasks;
    return {
      list: async (userId, limit, cursor) => {
        const reads = started ? await started.reads : null;
        if (
          started &&
          reads?.userId === userId &&
          started.limit === limit &&
          started.cursor === cursor &&
          once(started, 'page')
        )
          return reads.page;
        return tasks.list(userId, limit, cursor);
      },
      listFavourites: (userId, limit, cursor) => tasks.listFavourites(userId, limit, cursor),
    };
  }
}
