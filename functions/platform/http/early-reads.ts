// A page that waits on about one Query (the task list, functions/generation/early-reads.ts; the team dashboard,
// functions/teams/early-reads.ts) starts its reads as the request arrives instead of one after the other:
// the session token's signature is checked here and, for a valid one, the caller's account and the route's
// own reads go out at once, before the session middleware (middleware.ts) runs. The session's resolution
// then takes its account from here and checks it exactly as before (a deleted account, a revoked session:
// functions/accounts/domain/sessions.ts), and the use case its reads, and checks them as any read, before anything
// is answered: a refused caller's reads are dropped. Each early read is served once, only to the same
// caller's same page of the same request; nothing outlives the request, so the next one reads afresh.
// A route gives only what is its own: which route it is, its page as the request asks it, its reads; its
// use case's reads ask `servedFor` whether what they want is what was started.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type ApiRoute, routeKey } from '#shared/api/route.ts';
import type { SessionClaims, SessionVerifier, User, UserReader } from '../domain/ports.ts';
import { presentedToken } from './middleware.ts';

/** A route's part of its early reads. */
export interface EarlyRoute<Page, Reads extends Record<string, Promise<unknown>>> {
  route: ApiRoute;
  /**
   * The page the request asks, from its path and query; null: nothing is read early (a page the use case
   * refuses, or one it reads its own way).
   */
  page(event: APIGatewayProxyEventV2): Page | null;
  /** The route's reads for the verified caller, started beside the account's. */
  reads(userId: string, page: Page): Reads;
  /**
   * The account from the route's reads, when one of them brings it (functions/teams/dynamodb/
   * team-caller.ts); without it the account is read by id beside them.
   */
  account?(reads: Reads): Promise<User | null>;
}

/** Serves the started reads when the use case asks for them: `same` compares its ask with the start. */
export type Served<Page, Reads> = (
  what: string,
  same: (page: Page, userId: string) => boolean,
) => Promise<Reads | null>;

/** What was started for a verified caller. */
interface Ready<Reads> {
  userId: string;
  account: () => Promise<User | null>;
  reads: Reads;
}

interface Started<Page, Reads> {
  token: string;
  page: Page;
  verified: Promise<SessionClaims>;
  /** null: the token did not verify and nothing was read */
  reads: Promise<Ready<Reads> | null>;
  /** what was served already, once each: the session's two (symbols) and the route's names */
  used: Set<string | symbol>;
}

const VERIFY = Symbol('verify');
const ACCOUNT = Symbol('account');

/** A read whose failure is reported to whoever awaits it, and to nobody when it is dropped. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** True the first time `what` of `started` is asked for. */
function once(started: { used: Set<string | symbol> }, what: string | symbol): boolean {
  if (started.used.has(what)) return false;
  started.used.add(what);
  return true;
}

export class EarlyReads<Page, Reads extends Record<string, Promise<unknown>>> {
  private readonly byEvent = new WeakMap<APIGatewayProxyEventV2, Started<Page, Reads>>();
  private readonly byToken = new Map<string, Started<Page, Reads>>();
  private readonly sessions: SessionVerifier;
  private readonly users: UserReader;
  private readonly route: EarlyRoute<Page, Reads>;
  private readonly key: string;
  constructor(sessions: SessionVerifier, users: UserReader, route: EarlyRoute<Page, Reads>) {
    this.sessions = sessions;
    this.users = users;
    this.route = route;
    this.key = routeKey(route.route);
  }

  /** Called with each request before the group's handler: starts the route's reads. */
  start(event: APIGatewayProxyEventV2): void {
    if (event.routeKey !== this.key) return;
    const presented = presentedToken(event, this.route.route);
    // A download link's token is resolved by its own rules: only a session in the header is read early.
    // The same session asking twice at once (one process serves many locally): the second reads as usual.
    if (presented?.via !== 'header' || this.byToken.has(presented.token)) return;
    const page = this.route.page(event);
    if (page === null) return;
    const token = presented.token;
    const verified = quiet(this.sessions.verify(token));
    const started: Started<Page, Reads> = {
      token,
      page,
      verified,
      reads: quiet(
        verified.then(
          ({ userId }) => this.read(userId, page),
          // An invalid token: the session's resolution answers 401 with the same error; nothing was read.
          () => null,
        ),
      ),
      used: new Set(),
    };
    this.byEvent.set(event, started);
    this.byToken.set(token, started);
  }

  private read(userId: string, page: Page): Ready<Reads> {
    const { account } = this.route;
    if (account) {
      const reads = this.routeReads(userId, page);
      return { userId, account: () => account(reads), reads };
    }
    // The account's read goes out first, the route's beside it.
    const own = quiet(this.users.getById(userId));
    return { userId, account: () => own, reads: this.routeReads(userId, page) };
  }

  private routeReads(userId: string, page: Page): Reads {
    const reads = this.route.reads(userId, page);
    for (const p of Object.values(reads)) quiet(p);
    return reads;
  }

  /** Called when the request is answered: what it started is forgotten. */
  end(event: APIGatewayProxyEventV2): void {
    const started = this.byEvent.get(event);
    if (started && this.byToken.get(started.token) === started) this.byToken.delete(started.token);
    this.byEvent.delete(event);
  }

  /** The group's entry with each request's reads started as it arrives and forgotten once it is answered. */
  around<C, R>(
    handler: (event: APIGatewayProxyEventV2, context: C) => Promise<R>,
  ): (event: APIGatewayProxyEventV2, context: C) => Promise<R> {
    return async (event, context) => {
      this.start(event);
      try {
        return await handler(event, context);
      } finally {
        this.end(event);
      }
    };
  }

  /** What the session's resolution of `token` reads: the early signature check and account, once each. */
  session(token: string): { sessions: SessionVerifier; users: UserReader } {
    const started = this.byToken.get(token);
    return {
      sessions: {
        verify: (t) =>
          started && t === started.token && once(started, VERIFY)
            ? started.verified
            : this.sessions.verify(t),
      },
      users: {
        getById: async (id) => {
          const reads = started ? await started.reads : null;
          if (started && reads?.userId === id && once(started, ACCOUNT)) return reads.account();
          return this.users.getById(id);
        },
      },
    };
  }

  /**
   * The reads started for this request, for its use case: served when `same` finds the ask is the started
   * one (its page, its caller), each `what` once; null otherwise, and the use case reads from the store.
   */
  servedFor(event: APIGatewayProxyEventV2): Served<Page, Reads> {
    const started = this.byEvent.get(event);
    if (!started) return () => Promise.resolve(null);
    return (what, same) =>
      started.reads.then((ready) =>
        ready && same(started.page, ready.userId) && once(started, what) ? ready.reads : null,
      );
  }
}
