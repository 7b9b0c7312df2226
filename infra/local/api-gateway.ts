// The local stand-in for API Gateway (HTTP API, payload 2.0): it matches requests against the route
// table and invokes the same Lambda handler code in-process. Like the deployed HTTP API it has no CORS
// setting: a preflight (OPTIONS) goes to the function the preflight route names, and the functions add the
// CORS headers (functions/platform/http/cors.ts); the gateway's own answers (404, 413, 500) carry none.
import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { PREFLIGHT_GROUP, PREFLIGHT_ROUTE_KEY } from '#shared/api-cors.ts';
import { type ApiRoute, apiRoutes, type LambdaGroup, matchPath, routeKey } from '#shared/api-routes.ts';
import { lambdaContext } from './lambda-context.ts';

export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  loadHandler(group: LambdaGroup): Promise<LambdaHandler>;
  /** Tests simulate many clients by sending X-Forwarded-For; never on by default. */
  trustForwardedFor: boolean;
  /**
   * Benches only: `ANY /_bench/noop` answers 200 with `{}` through the whole gateway (body read, event
   * built, a handler invoked) but runs no function: the gateway's own cost of a request, the floor
   * `npm run bench:api` measures each path against. It is not in the route table, so never in AWS.
   */
  benchNoopRoute?: boolean;
}

export const BENCH_NOOP_PATH = '/_bench/noop';

/** When a request arrived, and when its handler was called and answered (performance.now()). */
export interface GatewayTiming {
  routeKey: string;
  receivedAt: number;
  handlerStart: number;
  handlerEnd: number;
}

/** Each invocation's times, published only while a bench subscribes (`npm run bench:api`). */
export const gatewayTimings = channel('aivatar.local-gateway.invocation');
const BENCH_NOOP_GROUP = 'bench-noop';

/** The no-op route's handler: no auth, no DynamoDB, a tiny body. */
const benchNoopHandler: LambdaHandler = async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: '{}',
});

// API Gateway's own payload limit.
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded)|text\/)/i;

function findRoute(method: string, path: string): { route: ApiRoute; params: Record<string, string> } | null {
  for (const route of Object.values(apiRoutes) as ApiRoute[]) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer | string,
): void {
  res.writeHead(status, headers);
  res.end(body);
}

export function createGateway(options: GatewayOptions) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();

    // Every preflight goes to the preflight route (`OPTIONS /{proxy+}`), as the deployed API routes it.
    const noop = options.benchNoopRoute === true && url.pathname === BENCH_NOOP_PATH;
    const match: {
      route: { group: LambdaGroup | typeof BENCH_NOOP_GROUP };
      params: Record<string, string>;
    } | null = noop
      ? { route: { group: BENCH_NOOP_GROUP }, params: {} }
      : method === 'OPTIONS'
        ? { route: { group: PREFLIGHT_GROUP }, params: { proxy: url.pathname.slice(1) } }
        : findRoute(method, url.pathname);
    if (!match) {
      return send(res, 404, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Not Found' }));
    }
    const body = await readBody(req);
    if (body === 'too-large') {
      return send(
        res,
        413,
        { 'content-type': 'application/json' },
        JSON.stringify({ message: 'Request Entity Too Large' }),
      );
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    }
    // Payload 2.0 moves the request's cookies from the header to `cookies`, one `name=value` each.
    const cookies = headers.cookie?.split(/;\s*/).filter(Boolean);
    delete headers.cookie;
    const forwarded = options.trustForwardedFor
      ? headers['x-forwarded-for']?.split(',')[0]?.trim()
      : undefined;
    const sourceIp = forwarded || (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
    const requestId = randomUUID();
    const key = noop
      ? `ANY ${BENCH_NOOP_PATH}`
      : method === 'OPTIONS'
        ? PREFLIGHT_ROUTE_KEY
        : routeKey(match.route as ApiRoute);
    const now = new Date();

    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: key,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      ...(cookies?.length ? { cookies } : {}),
      pathParameters: Object.keys(match.params).length ? match.params : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: url.host,
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp,
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: key,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: !isText,
    };

    let result: APIGatewayProxyStructuredResultV2;
    try {
      const group = match.route.group;
      const handler = await (group === BENCH_NOOP_GROUP
        ? Promise.resolve(benchNoopHandler)
        : options.loadHandler(group));
      const handlerStart = performance.now();
      result = await handler(event, lambdaContext(`local-${group}`, { requestId }));
      if (gatewayTimings.hasSubscribers) {
        const timing: GatewayTiming = {
          routeKey: key,
          receivedAt,
          handlerStart,
          handlerEnd: performance.now(),
        };
        gatewayTimings.publish(timing);
      }
    } catch (e) {
      // What API Gateway answers when the integration itself fails.
      console.error(`[local api] ${key} crashed:`, e);
      return send(
        res,
        500,
        { 'content-type': 'application/json' },
        JSON.stringify({ message: 'Internal Server Error' }),
      );
    }
    const outHeaders: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) outHeaders[k.toLowerCase()] = String(v);
    // As API Gateway does: each of the result's cookies becomes a Set-Cookie header.
    if (result.cookies?.length) outHeaders['set-cookie'] = result.cookies;
    const payload = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
    send(res, result.statusCode ?? 200, outHeaders, payload);
  };
}
