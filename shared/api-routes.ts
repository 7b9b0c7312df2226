// The single source of the API. API Gateway routes (infra/), the local server
// (infra/local/), the SPA's typed client (web/) and the tests all read this table.
// Each area's routes sit with their bodies in shared/api/<area>.ts; the table merges them.
import type * as z from 'zod/mini';
import { accountsRoutes } from './api/accounts.ts';
import { billingRoutes } from './api/billing.ts';
import { generationRoutes } from './api/generation.ts';
import { photosRoutes } from './api/photos.ts';
import { type ApiRoute, LAMBDA_GROUPS, type LambdaGroup } from './api/route.ts';
import { stylesRoutes } from './api/styles.ts';
import { teamsRoutes } from './api/teams.ts';

export {
  type Access,
  type ApiRoute,
  type HttpMethod,
  LAMBDA_GROUPS,
  type LambdaGroup,
  routeKey,
} from './api/route.ts';
// Path filling and matching live in a zod-free module the SPA imports too.
export { buildPath, matchPath } from './route-paths.ts';

export const apiRoutes = {
  ...accountsRoutes,
  ...photosRoutes,
  ...generationRoutes,
  ...billingRoutes,
  ...stylesRoutes,
  ...teamsRoutes,
} as const;

export type ApiRoutes = typeof apiRoutes;
export type RouteId = keyof ApiRoutes;

/** The routes of one group (every route without a group named). */
export const groupRoutes = (group?: LambdaGroup): [RouteId, ApiRoute][] =>
  (Object.entries(apiRoutes) as [RouteId, ApiRoute][]).filter(([, r]) => !group || r.group === group);

/** The groups that have routes: each is one Lambda function. */
export const routedGroups = (): LambdaGroup[] => LAMBDA_GROUPS.filter((g) => groupRoutes(g).length > 0);

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : T extends 'binary' ? Blob : never;
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : // biome-ignore lint/complexity/noBannedTypes: the empty object is the type of "no parameters"
    {};
export type ResponseOf<K extends RouteId> = Infer<ApiRoutes[K]['response']>;
export type RequestOf<K extends RouteId> = ApiRoutes[K] extends { request: infer Q }
  ? Q extends 'multipart'
    ? FormData
    : Q extends z.ZodMiniType
      ? z.input<Q>
      : undefined
  : undefined;
export type ParamsOf<K extends RouteId> = PathParams<ApiRoutes[K]['path']>;
