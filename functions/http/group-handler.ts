// Builds one Lambda entry for an endpoint group from the route table and thin route handlers.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import {
  type ApiRoute,
  type ApiRoutes,
  type LambdaGroup,
  type ResponseOf,
  type RouteId,
  routeKey,
  servedRoutes,
} from '../../shared/api-routes.ts';
import type { User } from '../domain/ports.ts';
import { jsonResponse } from './error-mapper.ts';
import { errorResponses, jsonBody, routeFor, session, stateOf } from './middleware.ts';

type BodyOf<K extends RouteId> = ApiRoutes[K] extends { request: infer Q }
  ? Q extends z.ZodMiniType
    ? z.output<Q>
    : unknown
  : undefined;

export interface RouteInput<K extends RouteId> {
  body: BodyOf<K>;
  params: Record<string, string>;
  /** set on user and admin routes */
  user: ApiRoutes[K]['access'] extends 'public' ? null : User;
  clientAddress: string;
  event: APIGatewayProxyEventV2;
}

export type RouteHandlers<G extends LambdaGroup> = {
  [K in RouteId as ApiRoutes[K]['group'] extends G
    ? ApiRoutes[K]['served'] extends true
      ? K
      : never
    : never]: (input: RouteInput<K>) => Promise<ResponseOf<K> | APIGatewayProxyStructuredResultV2>;
};

const isRawResponse = (v: unknown): v is APIGatewayProxyStructuredResultV2 =>
  typeof v === 'object' && v !== null && 'statusCode' in v;

export function groupHandler<G extends LambdaGroup>(
  group: G,
  handlers: RouteHandlers<G>,
  resolveSession: (token: string) => Promise<User>,
) {
  const routes = new Map<string, ApiRoute>(servedRoutes(group).map(([, r]) => [routeKey(r), r]));
  const byKey = new Map<string, (input: RouteInput<RouteId>) => Promise<unknown>>();
  for (const [id, r] of servedRoutes(group)) {
    const fn = (handlers as Record<string, (input: RouteInput<RouteId>) => Promise<unknown>>)[id];
    if (!fn) throw new Error(`Route ${id} (${routeKey(r)}) of group ${group} has no handler`);
    byKey.set(routeKey(r), fn);
  }

  return (
    middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>({ timeoutEarlyInMillis: 0 })
      .use(errorResponses())
      .use(routeFor(routes))
      // Who calls is settled before the body is read: a caller without the right learns nothing from it.
      .use(session(resolveSession))
      .use(jsonBody())
      .handler(async (event) => {
        const state = stateOf(event);
        const fn = byKey.get(event.routeKey) as (input: RouteInput<RouteId>) => Promise<unknown>;
        const result = await fn({
          body: state.body as never,
          params: state.params,
          user: state.user as never,
          clientAddress: state.clientAddress,
          event,
        });
        return isRawResponse(result) ? result : jsonResponse(200, result);
      })
  );
}

/** The route ids a group's handler serves: used by the tests that keep table and handlers in step. */
export const handledRouteIds = <G extends LambdaGroup>(handlers: RouteHandlers<G>): string[] =>
  Object.keys(handlers);
