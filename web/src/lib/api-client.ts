// The SPA's one way to call the API, typed by the shared route table. The only place that
// adds the session headers and applies the 401 rule.
import { routes as routeTable } from 'virtual:api-contract';
import type { Access, HttpMethod, ParamsOf, RequestOf, ResponseOf, RouteId } from '#shared/api-routes.ts';
import type { ErrorBody } from '#shared/api-schemas.ts';
import { buildPath } from '#shared/route-paths.ts';
import { languageOfPath, pagePath } from '#shared/web-routes.ts';
import { runtimeConfig } from './runtime-config.ts';
import { clearToken, getToken } from './session-store.ts';

/** A call that failed: `status` 0 means no response arrived (network down, CORS, timeout). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `msg`, when it sent one. */
  readonly msg: string | null;
  readonly code: string;
  /** The whole error body, for answers that carry more than a message (the numbers of a short balance). */
  readonly body: unknown;

  constructor(status: number, code: string, msg: string | null, body: unknown = null) {
    super(msg ?? (status ? `The server answered ${status}` : 'No response from the server'));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.msg = msg;
    this.body = body;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type BodyOption<K extends RouteId> =
  RequestOf<K> extends undefined ? { body?: never } : { body: RequestOf<K> };
type ParamsOption<K extends RouteId> = keyof ParamsOf<K> extends never
  ? { params?: never }
  : { params: ParamsOf<K> };
type CallOptions<K extends RouteId> = BodyOption<K> &
  ParamsOption<K> & {
    signal?: AbortSignal;
    /** Sends cookies to the API host (the sign-in cookies: Google's, the login link's). */
    credentials?: RequestCredentials;
    /** Query parameters (a download's preset, a page's cursor). */
    query?: Record<string, string | undefined>;
    /** Extra request headers (an Idempotency-Key). */
    headers?: Record<string, string>;
  };
type CallArgs<K extends RouteId> =
  object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** What the client needs from each route of shared/api-routes.ts (see the plugin in web/vite.config.ts). */
interface RouteInfo {
  method: HttpMethod;
  path: string;
  access: Access;
  /** the answer is a file (absent: JSON) */
  binary?: true;
}
const routes = { ...routeTable } as Record<RouteId, RouteInfo>;

/** Adds the routes a screen brings with it (the admin screen's): the shell carries only the others. */
export function addRoutes(table: Record<string, { method: string; path: string }>): void {
  Object.assign(routes, table);
}

function errorFromBody(status: number, body: unknown): ApiError {
  // Our handlers answer `{ msg, code }` (ErrorBody); API Gateway's own errors (404, 413) and proxies
  // answer `{ message }` or nothing.
  const b = (body ?? {}) as Partial<Record<keyof ErrorBody | 'message', unknown>>;
  const text = [b.msg, b.error, b.message].find((v): v is string => typeof v === 'string');
  const code = typeof b.code === 'string' ? b.code : `HTTP_${status}`;
  return new ApiError(status, code, text ?? null, body);
}

/** The session is over: forget it and start again from the login page (a full load drops every cache). */
function endSession(): Promise<never> {
  clearToken();
  window.location.assign(pagePath('login', languageOfPath(window.location.pathname)));
  // The page is being replaced: callers must not flash an error in the meantime.
  return new Promise<never>(() => {});
}

/** The full URL of a route, with its path parameters and query filled in. */
export function apiUrl(
  id: RouteId,
  { params, query }: { params?: Record<string, string>; query?: Record<string, string | undefined> } = {},
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, v);
  const qs = search.toString();
  return `${runtimeConfig().apiUrl}${buildPath(routes[id].path, params)}${qs ? `?${qs}` : ''}`;
}

export async function api<K extends RouteId>(id: K, ...[options]: CallArgs<K>): Promise<ResponseOf<K>> {
  // A route of the app's own groups before any screen of theirs registered them (lib/app-route-table.ts).
  if (!routes[id]) addRoutes((await import('./app-route-table.ts')).appRouteTable);
  const route = routes[id];
  const opts = (options ?? {}) as {
    body?: unknown;
    params?: Record<string, string>;
    signal?: AbortSignal;
    credentials?: RequestCredentials;
    query?: Record<string, string | undefined>;
    headers?: Record<string, string>;
  };
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
  const token = getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.Token = token;
  }
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await fetch(apiUrl(id, { params: opts.params, query: opts.query }), {
      method: route.method,
      headers,
      body,
      signal: opts.signal ?? null,
      credentials: opts.credentials ?? 'omit',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK_ERROR', null);
  }

  // A public route's 401 is an answer about the request (wrong password, used link), not about the session.
  if (res.status === 401 && route.access !== 'public') return endSession();

  if (!res.ok) throw errorFromBody(res.status, await res.json().catch(() => null));
  if (route.binary) return (await res.blob()) as ResponseOf<K>;
  const json: unknown = await res.json().catch(() => null);
  // The body's shape is the route's response schema (the API's contract tests hold it to that).
  if (json === null || typeof json !== 'object') throw new ApiError(res.status, 'UNEXPECTED_RESPONSE', null);
  return json as ResponseOf<K>;
}
