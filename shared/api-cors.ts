// The API's CORS rule, written once and applied by the functions themselves (functions/platform/http/cors.ts), locally
// and on AWS alike: API Gateway has no CORS setting, so a preflight (OPTIONS) reaches a function like any
// other request and passes the same origin check (functions/platform/http/origin-verify.ts). The allowed origin is
// not here: it is the web app's URL (WEB_URL).
import type { HttpMethod, LambdaGroup } from './api-routes.ts';

interface ApiCors {
  /** Request headers the SPA's client sends (Bearer and Token, JSON bodies). */
  allowHeaders: readonly string[];
  allowMethods: readonly HttpMethod[];
  /** Response headers the SPA may read. */
  exposeHeaders: readonly string[];
  /** How long a browser may reuse a preflight answer. */
  maxAgeSeconds: number;
  /**
   * Access-Control-Allow-Credentials: lets the browser send cookies to the API, and keep the ones it sets.
   * Sessions stay bearer tokens; the cookies bind a sign-in to the browser that asked for it (a Google
   * sign-in, a login link: functions/platform/http/cookies.ts). Only the web origin is ever allowed, never `*`.
   */
  allowCredentials: boolean;
}

export const API_CORS: ApiCors = {
  // Idempotency-Key: a double click on Create charges once. X-Capture-Code and X-Capture-Device: the phone's
  // capture page (shared/capture-rules.ts CAPTURE_HEADERS).
  allowHeaders: [
    'Authorization',
    'Token',
    'Content-Type',
    'Idempotency-Key',
    'X-Capture-Code',
    'X-Capture-Device',
  ],
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
  // content-disposition: a result download's file name (the style).
  exposeHeaders: ['x-correlation-id', 'content-disposition'],
  maxAgeSeconds: 3600,
  allowCredentials: true,
};

/** The one route API Gateway sends every preflight to, and the function that answers it. */
export const PREFLIGHT_ROUTE_KEY = 'OPTIONS /{proxy+}';
export const PREFLIGHT_GROUP: LambdaGroup = 'auth';

/** What an answer to the web origin carries; nothing for any other origin. */
export function corsHeaders(origin: string | undefined, webOrigin: string): Record<string, string> {
  if (!origin || origin !== webOrigin) return {};
  return {
    'access-control-allow-origin': webOrigin,
    'access-control-expose-headers': API_CORS.exposeHeaders.join(','),
    ...(API_CORS.allowCredentials ? { 'access-control-allow-credentials': 'true' } : {}),
    vary: 'Origin',
  };
}

/** A preflight's answer: what may be sent, for how long; nothing for any other origin. */
export function preflightHeaders(origin: string | undefined, webOrigin: string): Record<string, string> {
  const cors = corsHeaders(origin, webOrigin);
  if (!cors['access-control-allow-origin']) return { vary: 'Origin' };
  return {
    ...cors,
    'access-control-allow-methods': API_CORS.allowMethods.join(','),
    'access-control-allow-headers': API_CORS.allowHeaders.join(',').toLowerCase(),
    'access-control-max-age': String(API_CORS.maxAgeSeconds),
  };
}
