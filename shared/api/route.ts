// What a route is (shared/api-routes.ts's table and each area's routes in shared/api/<area>.ts): its
// method, path, Lambda group, access and bodies; route() checks each entry as the table is built.
import type * as z from 'zod/mini';
import { assertPathParamsKnown } from '../path-params.ts';

export const LAMBDA_GROUPS = [
  'auth',
  'photos',
  'photo-intake',
  'avatars',
  'billing',
  'admin-styles',
  'stripe-webhook',
  'account',
  'teams',
] as const;
export type LambdaGroup = (typeof LAMBDA_GROUPS)[number];
/**
 * public: anyone; user: a session; admin: an admin's session; user-or-capture: a session, or instead the
 * phone's capture code and device (X-Capture-Code and X-Capture-Device, shared/capture-rules.ts), which add
 * photos to the link's account and reach no other route.
 */
export type Access = 'public' | 'user' | 'admin' | 'user-or-capture';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  path: string;
  group: LambdaGroup;
  access: Access;
  /** JSON body schema; 'multipart' for form uploads; absent for no body. */
  request?: z.ZodMiniType | 'multipart';
  /**
   * JSON response schema; 'binary' for a file body; 'redirect' for a route a browser navigates to, which
   * answers by sending it on (302 with Location).
   */
  response: z.ZodMiniType | 'binary' | 'redirect';
  /**
   * The caller may also come as `?token=` (the image-URL helper): only GET routes that answer
   * a file have it, and there it is a short-lived download link for one file (createDownloadLink), never the
   * session, which ends up in history, proxies and logs once it is in a URL.
   */
  queryToken?: true;
  /** The JSON body's limit in bytes when it is not the default (functions/platform/http/middleware.ts MAX_JSON_BODY_BYTES). */
  maxBodyBytes?: number;
  /**
   * Public routes only: a session sent along makes its account the caller (its answer then says more about
   * them); none, or one no longer valid, leaves the caller unknown, never a 401.
   */
  optionalSession?: true;
}

export const route = <const R extends ApiRoute>(r: R): R => {
  // Each `{name}` has its kind's shape (shared/path-params.ts): a path with a new name says what it takes.
  assertPathParamsKnown(r.path);
  if (r.queryToken && r.method !== 'GET')
    throw new Error(`${r.method} ${r.path}: only GET routes take ?token=`);
  if (r.optionalSession && r.access !== 'public')
    throw new Error(`${r.method} ${r.path}: only public routes take an optional session`);
  return r;
};

/** `GET /user_info`: the key API Gateway v2 uses for a route. */
export const routeKey = (r: Pick<ApiRoute, 'method' | 'path'>): string => `${r.method} ${r.path}`;
