// CORS, answered by the functions (shared/api-cors.ts): API Gateway has no CORS setting, so a preflight
// reaches a function like any other request, after the same origin check (origin-verify.ts), and every
// answer to the web app's origin carries the headers a browser needs to read it.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { corsHeaders, PREFLIGHT_ROUTE_KEY, preflightHeaders } from '#shared/api-cors.ts';

type Mw = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

const originOf = (event: APIGatewayProxyEventV2) => event.headers?.origin;

/** Adds the CORS headers to every answer, errors included. Use it first: its `after` then runs last. */
export function crossOrigin(webOrigin: string | null): Mw {
  const add: NonNullable<Mw['after']> = (request) => {
    if (!request.response || !webOrigin) return;
    request.response.headers = {
      ...corsHeaders(originOf(request.event), webOrigin),
      ...request.response.headers,
    };
  };
  return { after: add, onError: add };
}

/** Answers a preflight (204, what may be sent), once the origin check let it through. */
export function preflight(webOrigin: string | null): Mw {
  return {
    before: (request) => {
      if (request.event.routeKey !== PREFLIGHT_ROUTE_KEY) return;
      const headers = webOrigin ? preflightHeaders(originOf(request.event), webOrigin) : {};
      return { statusCode: 204, headers, body: '' };
    },
  };
}
