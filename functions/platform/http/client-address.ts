// The client's address, which the per-address limits count by (functions/accounts/domain/rate-limits.ts,
// capture-link opens in functions/photos/domain/capture-links.ts). Behind the API's CloudFront distribution
// API Gateway's sourceIp is a CloudFront edge server's: one abuser would fill a limit for everyone behind
// that edge. The distribution's viewer-request function sets VIEWER_ADDRESS_HEADER to the viewer's address,
// overwriting what the client sent (infra/constructs/api-edge.ts); the header is believed only on a request
// that proved it came through the distribution (functions/platform/http/origin-verify.ts). Anywhere else (the local
// stack, a stage without the distribution) a client could choose its own address with it, so sourceIp counts.
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { logger } from '../observability/logger.ts';

/** Set by the distribution's viewer-request function; lower case, as CloudFront Functions name headers. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Requests that carried the distribution's origin secret (functions/platform/http/origin-verify.ts's fromOriginOnly). */
const throughDistribution = new WeakSet<APIGatewayProxyEventV2>();

/** Marks a request as having come through the API's distribution: its viewer address header is CloudFront's. */
export function cameThroughDistribution(event: APIGatewayProxyEventV2): void {
  throughDistribution.add(event);
}

/** The eight groups of an IPv6 address written in any of its forms (`::`, a dotted IPv4 tail); null if not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().split('%')[0] as string;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const before = part(head);
  const after = part(tail);
  const groups =
    tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * What the per-address limits count: an IPv4 address as it is; an IPv6 address by its /64 network, the block
 * one household, office or phone is given (a client chooses among its 2^64 addresses at will, so each address
 * alone would be a limit anyone steps around); an IPv4 address written as IPv6 (`::ffff:203.0.113.7`) as the
 * IPv4 one.
 */
export function limitedAddress(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6] as number, groups[7] as number];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The viewer's address through the distribution, API Gateway's source address otherwise, as the limits count
 * it (limitedAddress).
 */
export function clientAddressOf(event: APIGatewayProxyEventV2): string {
  return limitedAddress(clientAddress(event));
}

function clientAddress(event: APIGatewayProxyEventV2): string {
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
