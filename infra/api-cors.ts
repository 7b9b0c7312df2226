// The API's CORS rule, written once: the CDK HTTP API (constructs/http-api.ts) and the local API Gateway
// (local/api-gateway.ts) both read it, so a browser sees the same answers locally and on AWS. The allowed
// origin is not here: it is the web app's URL, which each side knows.
import type { HttpMethod } from '../shared/api-routes.ts';

export interface ApiCors {
  /** Request headers the SPA's client sends (spec section 7: Bearer and Token, JSON bodies). */
  allowHeaders: readonly string[];
  allowMethods: readonly HttpMethod[];
  /** Response headers the SPA may read. */
  exposeHeaders: readonly string[];
  /** How long a browser may reuse a preflight answer. */
  maxAgeSeconds: number;
  /**
   * Access-Control-Allow-Credentials: lets the browser send cookies to the API, and keep the ones it sets.
   * Sessions stay bearer tokens; the cookies bind a sign-in to the browser that asked for it (a Google
   * sign-in, a login link: functions/http/cookies.ts). Only the web origin is ever allowed, never `*`.
   */
  allowCredentials: boolean;
}

export const API_CORS: ApiCors = {
  // Idempotency-Key: a double click on Create charges once.
  allowHeaders: ['Authorization', 'Token', 'Content-Type', 'Idempotency-Key'],
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
  // content-disposition: a result download's file name (the style, spec section 7).
  exposeHeaders: ['x-correlation-id', 'content-disposition'],
  maxAgeSeconds: 3600,
  allowCredentials: true,
};
