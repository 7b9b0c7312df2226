// Query keys for the server state, built from the route table (shared/api-routes.ts): the route's id, then
// its path parameters, then its query. A key that starts with a route's id covers every read of that route,
// so a change invalidates exactly the routes it touches (`routeKey('listPhotos')` covers every photo list).
import type { ApiRoutes, ParamsOf, RouteId } from '#shared/api-routes.ts';

/** The routes a screen reads: the GET routes of the table. */
export type ReadRouteId = {
  [K in RouteId]: ApiRoutes[K]['method'] extends 'GET' ? K : never;
}[RouteId];

type Query = Record<string, string | undefined>;

type RouteKey<K extends ReadRouteId = ReadRouteId> =
  | readonly [K]
  | readonly [K, Record<string, string>]
  | readonly [K, Record<string, string>, Record<string, string>];

/**
 * The cache key of one read: `[id]`, `[id, params]` or `[id, params, query]`. Empty parts and undefined
 * query values are left out, so the same read always has the same key however it was spelled.
 */
export function routeKey<K extends ReadRouteId>(id: K, params?: ParamsOf<K>, query?: Query): RouteKey<K> {
  const p: Record<string, string> = { ...(params as Record<string, string> | undefined) };
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) q[k] = v;
  if (Object.keys(q).length > 0) return [id, p, q];
  if (Object.keys(p).length > 0) return [id, p];
  return [id];
}
