// A middy request around a canned event, as middy's own tests build one: each middleware of
// functions/platform/http/ is called alone with it.
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type Mw = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;
export type MwRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

export const middyRequest = (
  event: APIGatewayProxyEventV2,
  response?: APIGatewayProxyStructuredResultV2,
): MwRequest => ({
  event,
  context: { awsRequestId: event.requestContext.requestId } as Context,
  response: response ?? null,
  error: null,
  internal: {},
});

/** Runs a middleware's `before`; what it returned (an early answer) or threw. */
export async function runBefore(mw: Mw, request: MwRequest): Promise<{ early?: unknown; error?: unknown }> {
  try {
    return { early: await mw.before?.(request) };
  } catch (error) {
    return { error };
  }
}
