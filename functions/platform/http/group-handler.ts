// Builds one Lambda entry for an endpoint group from the route table and thin route handlers.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { type ApiRoute, type LambdaGroup, routeKey } from '#shared/api/route.ts';
import type { ApiRoutes, ResponseOf, RouteId } from '#shared/api-routes.ts';
import type { SecretSource } from '../config.ts';
import type { LinkResolver } from '../domain/download-links.ts';
import type { CaptureGrant, CaptureResolver, User } from '../domain/ports.ts';
import { newCorrelationId, withLogContext } from '../observability/logger.ts';
import { observedHandler } from '../observability/observed-handler.ts';
import { tracer } from '../observability/tracer.ts';
import { crossOrigin, preflight } from './cors.ts';
import { jsonResponse } from './error-mapper.ts';
import { errorResponses, jsonBody, pathParams, routeFor, session, stateOf } from './middleware.ts';
import { fromOriginOnly } from './origin-verify.ts';

type BodyOf<K extends RouteId> = ApiRoutes[K] extends { request: infer Q }
  ? Q extends z.ZodMiniType
    ? z.output<Q>
    : unknown
  : undefined;

export interface RouteInput<K extends RouteId> {
  body: BodyOf<K>;
  params: Record<string, string>;
  /** set on user and admin routes; on a public route with an optional session, when one came */
  user: ApiRoutes[K]['access'] extends 'public'
    ? ApiRoutes[K] extends { optionalSession: true }
      ? User | null
      : null
    : User;
  /** set when the caller came with a download link: the object it opens (the ZIP's set of results) */
  link: { object: string } | null;
  /** set on user-or-capture routes when the phone came with a capture code instead of a session */
  capture: CaptureGrant | null;
  clientAddress: string;
  event: APIGatewayProxyEventV2;
}

export type RouteHandlers<G extends LambdaGroup> = {
  [K in RouteId as ApiRoutes[K]['group'] extends G ? K : never]: (
    input: RouteInput<K>,
  ) => Promise<ResponseOf<K> | APIGatewayProxyStructuredResultV2>;
};

const isRawResponse = (v: unknown): v is APIGatewayProxyStructuredResultV2 =>
  typeof v === 'object' && v !== null && 'statusCode' in v;

interface GroupHandlerOptions {
  /**
   * The secret the API's CloudFront distribution adds as a header (originVerifyConfig); null where no
   * distribution fronts the API (local runs, stages without WAF). Every group states it: none is forgotten.
   */
  originSecret: SecretSource | null;
  /** The web app's origin: the one origin CORS admits (corsConfig); null for a group no browser calls. */
  webOrigin: string | null;
  /** Resolves `?token=` download links, for a group with routes that take them (absent: refused). */
  links?: LinkResolver;
  /** Resolves a phone's capture code, for a group with user-or-capture routes (absent: refused as no session). */
  capture?: CaptureResolver;
  /** milliseconds; how long ago the secret was read decides a re-read (tests set it) */
  clock?: () => number;
}

/**
 * `table` is the area's routes (shared/api/<area>.ts) that hold the group's: a function bundles its own
 * area's schemas, not the whole API's.
 */
export function groupHandler<G extends LambdaGroup>(
  group: G,
  table: Readonly<Record<string, ApiRoute>>,
  handlers: RouteHandlers<G>,
  resolveSession: (token: string) => Promise<User>,
  options: GroupHandlerOptions,
) {
  const routes = Object.fromEntries(Object.entries(table).filter(([, r]) => r.group === group));
  const byKey = new Map<string, (input: RouteInput<RouteId>) => Promise<unknown>>();
  const given = handlers as Record<string, (input: RouteInput<RouteId>) => Promise<unknown>>;
  for (const [id, r] of Object.entries(routes)) {
    const fn = given[id];
    if (!fn) throw new Error(`Route ${id} (${routeKey(r)}) of group ${group} has no handler`);
    byKey.set(routeKey(r), fn);
  }
  // A handler for a route the table does not hold for this group would never be called: the wrong table.
  for (const id of Object.keys(given)) {
    if (!routes[id]) throw new Error(`Handler ${id} has no route of group ${group} in the table given`);
  }

  const run = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>({ timeoutEarlyInMillis: 0 })
    .use(crossOrigin(options.webOrigin))
    .use(errorResponses())
    // Before anything else is read: a request that went around CloudFront and WAF learns nothing, a
    // preflight included.
    .use(fromOriginOnly(options.originSecret, { now: options.clock }))
    .use(preflight(options.webOrigin))
    .use(routeFor(routes))
    // Who calls is settled before the body is read: a caller without the right learns nothing from it.
    .use(session(resolveSession, options.links, options.capture ?? null))
    .use(jsonBody())
    // Each path parameter of its kind's shape, or 404 (shared/path-params.ts).
    .use(pathParams())
    .handler(async (event) => {
      const state = stateOf(event);
      const fn = byKey.get(event.routeKey) as (input: RouteInput<RouteId>) => Promise<unknown>;
      const result = await fn({
        body: state.body as never,
        params: state.params,
        user: state.user as never,
        link: state.link,
        capture: state.capture,
        clientAddress: state.clientAddress,
        event,
      });
      return isRawResponse(result) ? result : jsonResponse(200, result);
    });
  // Every log line of the request carries its correlation id (API Gateway's request id, which the access
  // log and the x-correlation-id header show too), the group and the route.
  return observedHandler(
    (event: APIGatewayProxyEventV2, context: Context) =>
      withLogContext(
        correlationIdOf(event),
        { group, route: event.routeKey },
        () => run(event, context) as Promise<APIGatewayProxyStructuredResultV2>,
      ),
    { tracer },
  );
}

const correlationIdOf = (event: APIGatewayProxyEventV2): string =>
  event.requestContext?.requestId || newCorrelationId();
