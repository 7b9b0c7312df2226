// Small middy middlewares: each one job, as { before, after, onError } objects.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { type ApiRoute, routeKey } from '#shared/api/route.ts';
import { malformedPathParam } from '#shared/path-params.ts';
import type { LinkResolver } from '../domain/download-links.ts';
import { DomainError } from '../domain/errors.ts';
import type { CaptureGrant, CaptureResolver, User } from '../domain/ports.ts';
import { addLogContext, currentCorrelationId, newCorrelationId } from '../observability/logger.ts';
import { clientAddressOf } from './client-address.ts';
import { errorResponse, RequestError } from './error-mapper.ts';

interface RequestState {
  correlationId: string;
  /** the route's id in the table (a link names the route it opens) */
  routeId: string;
  route: ApiRoute;
  body: unknown;
  params: Record<string, string>;
  user: User | null;
  /** set when the caller came with a download link (`?token=`): the object the link opens */
  link: { object: string } | null;
  /** set when the phone came with a capture code instead of a session (user-or-capture routes only) */
  capture: CaptureGrant | null;
  clientAddress: string;
}

type Mw = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

const states = new WeakMap<APIGatewayProxyEventV2, RequestState>();

export function stateOf(event: APIGatewayProxyEventV2): RequestState {
  const s = states.get(event);
  if (!s) throw new Error('request state missing: routeFor middleware not applied');
  return s;
}

/**
 * Finds the route this event was routed to among `table`'s (a group's routes, by id), and gives the request
 * its correlation id.
 */
export function routeFor(table: Readonly<Record<string, ApiRoute>>): Mw {
  const routes = new Map(Object.entries(table).map(([id, r]) => [routeKey(r), { id, route: r }]));
  return {
    before: (request) => {
      const event = request.event;
      const correlationId = currentCorrelationId() ?? event.requestContext?.requestId ?? newCorrelationId();
      const found = routes.get(event.routeKey);
      states.set(event, {
        correlationId,
        routeId: found?.id ?? '',
        route: found?.route as ApiRoute,
        body: undefined,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        user: null,
        link: null,
        capture: null,
        // fromOriginOnly (functions/platform/http/origin-verify.ts) runs first: through the API's distribution, the viewer's.
        clientAddress: clientAddressOf(event),
      });
      if (!found) throw new RequestError(404, 'NOT_FOUND', 'Not found');
    },
  };
}

/** Maps every failure to the product's status and a `msg`; adds the correlation id header. */
export function errorResponses(): Mw {
  const withId = (request: Parameters<NonNullable<Mw['after']>>[0]) => {
    const id = states.get(request.event)?.correlationId;
    if (id && request.response)
      request.response.headers = { ...request.response.headers, 'x-correlation-id': id };
  };
  return {
    after: withId,
    onError: (request) => {
      const id = states.get(request.event)?.correlationId ?? currentCorrelationId() ?? newCorrelationId();
      request.response = errorResponse(request.error, id);
      withId(request);
    },
  };
}

export const MAX_JSON_BODY_BYTES = 16 * 1024;

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path)
    v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

function describeIssues(error: z.core.$ZodError, input: unknown): string {
  const first = error.issues[0];
  if (!first) return 'Invalid request body.';
  if (first.code === 'unrecognized_keys') return `Unknown field: ${first.keys.join(', ')}.`;
  const where = first.path.length ? first.path.join('.') : 'body';
  // A schema's own wording (the terms checkbox, the admin form's French rules) beats the generic ones,
  // a missing field included.
  if (first.message && first.message !== 'Invalid input') return first.message;
  if (first.path.length && valueAt(input, first.path) === undefined) return `Missing field: ${where}.`;
  switch (first.code) {
    case 'invalid_type':
      return `Invalid field ${where}: expected ${first.expected}.`;
    case 'invalid_value':
      return `Invalid field ${where}: expected ${first.values.map((v) => JSON.stringify(v)).join(' or ')}.`;
    case 'too_big':
      return `Invalid field ${where}: too long.`;
    case 'too_small':
      return `Invalid field ${where}: too short.`;
    default:
      return `Invalid field ${where}.`;
  }
}

/** Parses and validates the JSON body against the route's schema. */
export function jsonBody(): Mw {
  return {
    before: (request) => {
      const state = stateOf(request.event);
      const schema = state.route.request;
      if (!schema || schema === 'multipart') return;
      const raw = request.event.body ?? '';
      const text = request.event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      if (Buffer.byteLength(text) > (state.route.maxBodyBytes ?? MAX_JSON_BODY_BYTES)) {
        throw new RequestError(400, 'BODY_TOO_LARGE', 'Request body is too large.');
      }
      const type = request.event.headers?.['content-type'] ?? '';
      if (text && !/^application\/json\b/i.test(type)) {
        throw new RequestError(
          400,
          'UNSUPPORTED_CONTENT_TYPE',
          'Request body must be JSON (Content-Type: application/json).',
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new RequestError(400, 'MALFORMED_JSON', 'Request body is not valid JSON.');
      }
      const result = schema.safeParse(parsed);
      if (!result.success)
        throw new RequestError(400, 'VALIDATION_FAILED', describeIssues(result.error, parsed));
      state.body = result.data;
    },
  };
}

/**
 * The product's client sends the session both as `Authorization: Bearer` and as a `Token` header. Routes that
 * answer a file a browser may open by URL also take `?token=` (see `queryToken` in shared/api-routes.ts),
 * but there only a short-lived download link token (functions/platform/domain/download-links.ts), never a session.
 */
export function presentedToken(
  event: APIGatewayProxyEventV2,
  route: ApiRoute,
): { token: string; via: 'header' | 'link' } | null {
  const headers = event.headers ?? {};
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  const header = bearer || headers.token?.trim();
  if (header) return { token: header, via: 'header' };
  const query = route.queryToken ? event.queryStringParameters?.token?.trim() : undefined;
  return query ? { token: query, via: 'link' } : null;
}

const noLinks: LinkResolver = () =>
  Promise.reject(new DomainError('UNAUTHENTICATED', 'Please log in to continue.'));

/**
 * Resolves the caller for user and admin routes; public routes pass through. A link token sets the object it
 * opens (state.link) for routes that do not name it in their path (the ZIP).
 */
export function session(
  resolve: (token: string) => Promise<User>,
  resolveLink: LinkResolver = noLinks,
  resolveCapture: CaptureResolver | null = null,
): Mw {
  return {
    before: async (request) => {
      const state = stateOf(request.event);
      if (state.route.access === 'public') {
        // A session sent along is the caller's account; none, or one no longer valid, is no caller: no 401.
        const sent = state.route.optionalSession ? presentedToken(request.event, state.route) : null;
        if (sent?.via === 'header') {
          state.user = await resolve(sent.token).catch((e: unknown) => {
            if (e instanceof DomainError) return null;
            throw e;
          });
        }
        if (state.user) addLogContext({ userId: state.user.id });
        return;
      }
      const presented = presentedToken(request.event, state.route);
      // A capture code is no session: only the routes that admit one take it (shared/api-routes.ts), and there
      // the link's account is the caller, for adding photos (functions/photos/domain/capture-links.ts).
      const code = request.event.headers?.['x-capture-code']?.trim();
      if (!presented && code && resolveCapture && state.route.access === 'user-or-capture') {
        const device = request.event.headers?.['x-capture-device']?.trim() || undefined;
        const { user, grant } = await resolveCapture(code, device, state.clientAddress);
        state.user = user;
        state.capture = grant;
        addLogContext({ userId: user.id, capture: true });
        return;
      }
      if (!presented) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
      if (presented.via === 'header') state.user = await resolve(presented.token);
      else {
        // The object a link opens is the file the path names, or for a team's downloads the team.
        const object = state.params.filename ?? state.params.teamId ?? null;
        const link = await resolveLink(presented.token, state.routeId, object);
        state.user = link.user;
        state.link = { object: link.object };
      }
      addLogContext({ userId: state.user.id });
      if (state.route.access === 'admin' && state.user.role !== 'admin') {
        throw new DomainError('FORBIDDEN', 'You do not have access to this page.');
      }
    },
  };
}

/**
 * Every path parameter checked against its kind's shape (shared/path-params.ts): a value of another shape
 * names nothing, so the answer is the route's 404 before any store is asked (an id past DynamoDB's key size
 * once answered 500). After the session and the body: who calls, and a bad body, are answered as before.
 */
export function pathParams(): Mw {
  return {
    before: (request) => {
      const state = stateOf(request.event);
      const rule = malformedPathParam(state.route.path, state.params);
      if (rule) throw new DomainError(rule.refusal.code, rule.refusal.words[state.user?.lang ?? 'en']);
    },
  };
}
