// Only requests that came through the API's CloudFront distribution (and so through WAF) are served. The
// distribution adds a secret header to every request it forwards (infra/constructs/api-edge.ts); API
// Gateway's own execute-api address stays reachable on the internet, and a request sent there lacks it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { SecretSource } from '../config.ts';
import { logger } from '../observability/logger.ts';
import { readSecret } from '../secrets.ts';
import { cameThroughDistribution } from './client-address.ts';
import { RequestError } from './error-mapper.ts';

/** The header CloudFront adds; API Gateway hands headers to the function in lower case. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** A presented value that matches nothing re-reads the secret at most this often (rotation). */
export const REREAD_AFTER_MS = 30_000;
/** After a rotation the old value stays accepted this long: CloudFront's edges change over in minutes. */
export const PREVIOUS_VALUE_ACCEPTED_MS = 15 * 60_000;

const digest = (v: string) => createHash('sha256').update(v).digest();
const same = (a: Buffer, b: Buffer) => timingSafeEqual(a, b);

interface OriginVerifierOptions {
  /** milliseconds; the function's clock unless a test sets one */
  now?: () => number;
}

/**
 * Decides whether a presented header value is the distribution's secret. The secret is read once, then
 * again only when a value matches nothing and the last read is older than REREAD_AFTER_MS, so a rotated
 * secret is picked up without a redeploy and a flood of wrong values costs at most one read per window.
 */
export function originVerifier(source: SecretSource, o: OriginVerifierOptions = {}) {
  const now = o.now ?? Date.now;
  let current: Buffer | null = null;
  let previous: { value: Buffer; until: number } | null = null;
  let readAt = 0;
  let reading: Promise<void> | null = null;

  const reread = () => {
    reading ??= (async () => {
      // Counted from the attempt: a failing Secrets Manager is not asked again on every request either.
      readAt = now();
      try {
        const value = digest(await readSecret(source));
        if (current && !same(current, value))
          previous = { value: current, until: now() + PREVIOUS_VALUE_ACCEPTED_MS };
        current = value;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };
  // Read at start, beside the function's other set-up, rather than on its first request; a failure here is
  // retried by that request.
  reread().catch(() => undefined);
  const matches = (presented: Buffer) =>
    (current !== null && same(current, presented)) ||
    (previous !== null && previous.until > now() && same(previous.value, presented));

  return async (presented: string | undefined): Promise<boolean> => {
    if (!presented) return false;
    if (current === null) await reread();
    const value = digest(presented);
    if (matches(value)) return true;
    if (now() - readAt < REREAD_AFTER_MS) return false;
    try {
      await reread();
    } catch (error) {
      // The value in hand still decides; this request is refused, the next window asks again.
      logger().error('could not re-read the origin secret', { error });
      return false;
    }
    return matches(value);
  };
}

type Mw = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/** Refuses (403) a request without the distribution's header; with no secret configured (local), passes. */
export function fromOriginOnly(source: SecretSource | null, o?: OriginVerifierOptions): Mw {
  if (!source) return { before: () => undefined };
  const verify = originVerifier(source, o);
  return {
    before: async (request) => {
      const presented = request.event.headers?.[ORIGIN_VERIFY_HEADER];
      if (await verify(presented)) {
        // Its viewer address header is then CloudFront's, not the client's (functions/platform/http/client-address.ts).
        cameThroughDistribution(request.event);
        return;
      }
      logger().warn('request refused: it did not come through the API distribution', {
        sourceIp: request.event.requestContext?.http?.sourceIp,
        headerPresent: Boolean(presented),
      });
      throw new RequestError(403, 'FORBIDDEN', 'Forbidden');
    },
  };
}
