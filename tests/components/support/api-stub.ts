// The API as the screens' components see it: `fetch` answered from a table of route handlers, keyed by the
// route ids of shared/api-routes.ts. Everything above fetch is the app's own (lib/api-client.ts: headers,
// the 401 rule, error bodies; lib/server-state.tsx: TanStack Query's keys, retries and invalidation).
// An answer is checked against the route's response schema (and an error against ErrorBody), so a stubbed
// answer cannot drift from the contract the server is held to; a call to a route the test did not stub
// fails the test.
import * as z from 'zod/mini';
import { type ApiRoute, apiRoutes, matchPath, type ResponseOf, type RouteId } from '#shared/api-routes.ts';
import { ErrorBody } from '#shared/api-schemas.ts';

/** Where the SPA is served from, and the API's origin (what /config.json answers), in these tests. */
const APP_URL = 'http://app.test';
export const API_URL = 'http://api.test';

export interface StubRequest {
  id: RouteId;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** the parsed JSON body, the FormData, or undefined */
  body: unknown;
  headers: Headers;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (req: StubRequest) => Reply | Promise<Reply>;

/** A 200 with this route's answer. */
export const ok = <K extends RouteId>(_id: K, body: ResponseOf<K>): Reply => ({ status: 200, body });
/** An error answer as the handlers send them (`{ msg, code }`, functions/platform/domain/errors.ts). */
export const fail = (status: number, code: string, msg: string, extra: object = {}): Reply => ({
  status,
  body: { msg, code, ...extra },
});

const handlers = new Map<RouteId, Handler>();
const calls: StubRequest[] = [];
const problems: string[] = [];

export const apiStub = {
  /** Answers every call of route `id` with `reply` (or what `reply` returns for the request). */
  on<K extends RouteId>(id: K, reply: Reply | Handler): void {
    handlers.set(id, typeof reply === 'function' ? reply : () => reply);
  },
  /** Answers route `id` with `reply` unless the test already stubbed it. */
  byDefault<K extends RouteId>(id: K, reply: Reply | Handler): void {
    if (!handlers.has(id)) apiStub.on(id, reply);
  },
  /** The calls made to these routes, oldest first. */
  calls(...ids: RouteId[]): StubRequest[] {
    return calls.filter((c) => ids.includes(c.id));
  },
  reset(): void {
    handlers.clear();
    calls.length = 0;
    problems.length = 0;
  },
  /** What went wrong in the stub during the test (unstubbed routes, answers off the contract). */
  takeProblems(): string[] {
    return problems.splice(0);
  },
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function findRoute(method: string, path: string): [RouteId, ApiRoute, Record<string, string>] | null {
  for (const [id, route] of Object.entries(apiRoutes) as [RouteId, ApiRoute][]) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return [id, route, params];
  }
  return null;
}

function offContract(route: ApiRoute, reply: Reply): string | null {
  if (reply.status >= 400) {
    const result = z.safeParse(ErrorBody, reply.body);
    return result.success ? null : `error body is not an ErrorBody: ${JSON.stringify(reply.body)}`;
  }
  if (typeof route.response === 'string') return null;
  const result = z.safeParse(route.response, reply.body);
  return result.success ? null : `answer does not match the route's schema: ${result.error.message}`;
}

/** The `fetch` the app sees. */
export async function stubFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, APP_URL);
  const method = (init.method ?? 'GET').toUpperCase();
  if (url.pathname === '/config.json') return json(200, { apiUrl: API_URL });
  if (url.origin !== API_URL) {
    problems.push(`${method} ${url.href}: not the API`);
    return json(404, undefined);
  }
  const found = findRoute(method, url.pathname);
  if (!found) {
    problems.push(`${method} ${url.pathname}: no route of shared/api-routes.ts`);
    return json(404, { message: 'Not Found' });
  }
  const [id, route, params] = found;
  let body: unknown;
  if (init.body instanceof FormData) body = init.body;
  else if (typeof init.body === 'string') body = JSON.parse(init.body);
  const request: StubRequest = {
    id,
    method,
    params,
    query: url.searchParams,
    body,
    headers: new Headers(init.headers),
  };
  calls.push(request);
  const handler = handlers.get(id);
  if (!handler) {
    problems.push(`${method} ${url.pathname} (${id}) was called but not stubbed`);
    return json(500, { msg: 'Not stubbed', code: 'NOT_STUBBED' });
  }
  if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  const reply = await handler(request);
  const wrong = offContract(route, reply);
  if (wrong) problems.push(`${id}: ${wrong}`);
  if (route.response === 'binary' && reply.status < 400) {
    return new Response(reply.body as BodyInit, { status: reply.status, headers: reply.headers });
  }
  return json(reply.status, reply.body, reply.headers);
}
