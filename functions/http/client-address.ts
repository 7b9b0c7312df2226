// The client's address, which the per-address limits count by (functions/domain/accounts/rate-limits.ts,
// capture-link opens in functions/domain/photos/capture-links.ts). Behind the API's CloudFront distribution
// API Gateway's sourceIp is a CloudFront edge server's: one abuser would fill a limit for everyone behind
// that edge. The distribution's viewer-request function sets VIEWER_ADDRESS_HEADER to the viewer's address,
// overwriting what the client sent (infra/constructs/api-edge.ts); the header is believed only on a request
// that proved it came through the distribution (functions/http/origin-verify.ts). Anywhere else (the local
// stack, a stage without the distribution) a client could choose its own address with it, so sourceIp counts.
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { logger } from '../observability/logger.ts';

/** Set by the distribution's viewer-request function; lower case, as CloudFront Functions name headers. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Requests that carried the distribution's origin secret (functions/http/origin-verify.ts's fromOriginOnly). */
const throughDistribution = new WeakSet<APIGatewayProxyEventV2>();

/** Marks a request as having come through the API's distribution: its viewer address header is CloudFront's. */
export function cameThroughDistribution(event: APIGatewayProxyEventV2): void {
  throughDistribution.add(event);
}

/** The viewer's address through the distribution, API Gateway's source address otherwise. */
export function clientAddressOf(event: APIGatewayProxyEventV2): string {
  const source = event.requestContext?.http?.sourceIp ?? 'unknown';
  if (!throughDistribution.has(event)) return source;
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  if (viewer !== undefined && viewer.length <= 45 && isIP(viewer) !== 0) return viewer;
  // The distribution always sets it: its absence means the function is not on the behaviour that served this.
  logger().warn(
    'no valid viewer address from the API distribution: counting the request by its source address',
    {
      sourceIp: source,
      headerPresent: viewer !== undefined,
    },
  );
  return source;
}
