// Calls the groups' Lambda handlers in-process with API Gateway HTTP API (payload 2.0) events, as the local
// API Gateway (infra/local/api-gateway.ts) and AWS build them: the same groupHandler, route handlers and
// adapters as functions/<group>/handler.ts, against the handlers project's DynamoDB Local
// (tests/support/handlers-setup.ts). The photos groups' files are in memory (photoFiles); S3 otherwise, SQS
// and Stripe point at a closed port: a route that would reach them belongs in the integration tests.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { inject } from 'vitest';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { DomainError } from '#platform/domain/errors.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { readOutbox } from '#platform/mail/outbox-mailer.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { PREFLIGHT_ROUTE_KEY } from '#shared/api-cors.ts';
import {
  type ApiRoute,
  apiRoutes,
  buildPath,
  type LambdaGroup,
  type RouteId,
  routeKey,
} from '#shared/api-routes.ts';
import type { ErrorBody } from '#shared/api-schemas.ts';
import { BUCKETS } from '#shared/table-design.ts';
import { accountRoutes } from '../../functions/accounts/account-routes.ts';
import { buildAccountDeps } from '../../functions/accounts/account-wiring.ts';
import { authRoutes } from '../../functions/accounts/routes.ts';
import { buildLinkResolver, buildSessionResolver, linkTokens } from '../../functions/accounts/wiring.ts';
import { billingRoutes } from '../../functions/billing/routes.ts';
import { webhookRoutes } from '../../functions/billing/webhook-routes.ts';
import { buildWebhookDeps } from '../../functions/billing/webhook-wiring.ts';
import { buildBillingDeps } from '../../functions/billing/wiring.ts';
import { avatarRoutes } from '../../functions/generation/routes.ts';
import { buildAvatarDeps } from '../../functions/generation/wiring.ts';
import { SharpImages } from '../../functions/photos/images/sharp-images.ts';
import { photoIntakeRoutes } from '../../functions/photos/intake-routes.ts';
import { photoRoutes } from '../../functions/photos/routes.ts';
import { buildPhotoDeps, buildPhotoIntakeDeps, captureResolver } from '../../functions/photos/wiring.ts';
import { buildPrivacyDeps } from '../../functions/privacy/wiring.ts';
import { DynamoAdminStyleStore } from '../../functions/styles/dynamodb/admin-style-store.ts';
import { adminStyleRoutes } from '../../functions/styles/routes.ts';
import { S3StyleImageFiles } from '../../functions/styles/s3/style-image-files.ts';
import { teamRoutes } from '../../functions/teams/routes.ts';
import { buildTeamDeps } from '../../functions/teams/wiring.ts';
import { LOCAL_PRICE_IDS } from '../../infra/local/stripe/prices.ts';
import { setAdminRole } from '../../infra/ops/admin-role.ts';
import { checkContract } from './api.ts';
import { FakePhotoFiles } from './fakes/index.ts';

export type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The web app's origin in these tests: the one origin CORS admits. */
export const WEB_URL = 'http://localhost:5173';
/** Nothing listens here: S3, SQS and Stripe calls fail at once. */
const CLOSED = 'http://127.0.0.1:9';

const outboxDir = mkdtempSync(join(tmpdir(), 'aivatar-handlers-outbox-'));
const jwtSecret = randomBytes(48).toString('base64url');
/** The key the handlers sign and check sessions with (JWT_SECRET), for tests that forge tokens. */
export const sessionKey = (): Uint8Array => new TextEncoder().encode(jwtSecret);
/** The session issuer of the handlers' stage (functions/platform/config.ts's sessionConfig). */
export const SESSION_ISSUER = 'aivatar-local';

/** A document client on the handlers' table, and its name: for tests that arrange or look at items. */
export const testTable = (): { db: ReturnType<typeof createDocumentClient>; tableName: string } => {
  const { endpoint, tableName } = inject('handlersDb');
  return { db: createDocumentClient(endpoint), tableName };
};

/** The settings every function reads (functions/platform/config.ts), as the local stack gives them. */
export function handlerEnv(over: Record<string, string> = {}): Record<string, string> {
  const db = inject('handlersDb');
  return {
    STAGE: 'local',
    TABLE_NAME: db.tableName,
    DYNAMODB_ENDPOINT: db.endpoint,
    JWT_SECRET: jwtSecret,
    WEB_URL,
    MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
    MAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: outboxDir,
    MEDIA_BUCKET: BUCKETS.media,
    S3_ENDPOINT: CLOSED,
    SQS_ENDPOINT: CLOSED,
    TASK_QUEUE_URL: `${CLOSED}/000000000000/aivatar-handlers-tasks`,
    PRIVACY_JOB_QUEUE_URL: `${CLOSED}/000000000000/aivatar-handlers-privacy`,
    STRIPE_SECRET_KEY: 'sk_test_handlers',
    STRIPE_API_URL: CLOSED,
    STRIPE_PRICES: JSON.stringify(LOCAL_PRICE_IDS),
    STRIPE_WEBHOOK_SECRET: 'whsec_handlers_0123456789',
    ...over,
  };
}

/**
 * The photos groups' files (S3 in AWS): the in-memory stand-in of tests/support/fakes, checked against the
 * S3 adapter by its contract suite. Tests put and read files through it.
 */
export const photoFiles = new FakePhotoFiles();

export interface HandlerOptions {
  env?: Record<string, string>;
  /** the origin check's clock (milliseconds), as GroupHandlerOptions.clock */
  clock?: () => number;
}

/** Builds a group's handler the way functions/<group>/handler.ts does, from `env`. */
export async function buildGroupHandler(group: LambdaGroup, o: HandlerOptions = {}): Promise<Handler> {
  const env = handlerEnv(o.env);
  const db = createDocumentClient(env.DYNAMODB_ENDPOINT);
  const s3 = createS3Client(env.S3_ENDPOINT);
  const extra = o.clock ? { clock: o.clock } : {};
  switch (group) {
    case 'auth': {
      const config = readConfig(GROUP_CONFIG.auth, env);
      return groupHandler(
        'auth',
        apiRoutes,
        authRoutes(await buildAccountDeps(config, db), {
          link: config.linkCookie,
          google: config.googleSignIn?.cookie ?? null,
        }),
        await buildSessionResolver(config, db),
        { ...config, ...extra },
      );
    }
    case 'photos': {
      const config = readConfig(GROUP_CONFIG.photos, env);
      const deps = { ...buildPhotoDeps(config, db, s3), files: photoFiles };
      return groupHandler('photos', apiRoutes, photoRoutes(deps), await buildSessionResolver(config, db), {
        ...config,
        links: await buildLinkResolver(config, db),
        capture: captureResolver(deps),
        ...extra,
      });
    }
    case 'photo-intake': {
      const config = readConfig(GROUP_CONFIG['photo-intake'], env);
      const deps = { ...buildPhotoIntakeDeps(config, db, s3), files: photoFiles };
      return groupHandler(
        'photo-intake',
        apiRoutes,
        photoIntakeRoutes(deps),
        await buildSessionResolver(config, db),
        {
          ...config,
          links: await buildLinkResolver(config, db),
          capture: captureResolver(deps),
          ...extra,
        },
      );
    }
    case 'avatars': {
      const config = readConfig(GROUP_CONFIG.avatars, env);
      return groupHandler(
        'avatars',
        apiRoutes,
        avatarRoutes(buildAvatarDeps(config, db, s3, await linkTokens(config))),
        await buildSessionResolver(config, db),
        { ...config, links: await buildLinkResolver(config, db), ...extra },
      );
    }
    case 'billing': {
      const config = readConfig(GROUP_CONFIG.billing, env);
      return groupHandler(
        'billing',
        apiRoutes,
        billingRoutes(await buildBillingDeps(config, db)),
        await buildSessionResolver(config, db),
        { ...config, ...extra },
      );
    }
    case 'admin-styles': {
      const config = readConfig(GROUP_CONFIG['admin-styles'], env);
      return groupHandler(
        'admin-styles',
        apiRoutes,
        adminStyleRoutes({
          styles: new DynamoAdminStyleStore(db, config.tableName),
          clock: systemClock,
          ids: cryptoIds,
          images: {
            files: new S3StyleImageFiles(s3, config.mediaBucket),
            images: new SharpImages(),
            ids: cryptoIds,
          },
        }),
        await buildSessionResolver(config, db),
        { ...config, ...extra },
      );
    }
    case 'stripe-webhook': {
      const config = readConfig(GROUP_CONFIG['stripe-webhook'], env);
      const { deps, verifier } = await buildWebhookDeps(config, db);
      return groupHandler(
        'stripe-webhook',
        apiRoutes,
        webhookRoutes(deps, verifier),
        async () => {
          throw new DomainError('UNAUTHENTICATED', 'No sessions here.');
        },
        { ...config, webOrigin: null, ...extra },
      );
    }
    case 'account': {
      const config = readConfig(GROUP_CONFIG.account, env);
      return groupHandler(
        'account',
        apiRoutes,
        accountRoutes(buildPrivacyDeps(config, db, s3)),
        await buildSessionResolver(config, db),
        {
          ...config,
          ...extra,
        },
      );
    }
    case 'teams': {
      const config = readConfig(GROUP_CONFIG.teams, env);
      return groupHandler(
        'teams',
        apiRoutes,
        teamRoutes(await buildTeamDeps(config, db, s3)),
        await buildSessionResolver(config, db),
        { ...config, links: await buildLinkResolver(config, db), ...extra },
      );
    }
  }
  // A group that starts serving routes needs its entry here, as in functions/<group>/handler.ts.
  throw new Error(`tests/support/handler-events.ts builds no handler for group ${group}`);
}

const handlers = new Map<LambdaGroup, Promise<Handler>>();
/** The group's handler with the standard settings, built once per worker (as once per cold start). */
export const handlerOf = (group: LambdaGroup): Promise<Handler> => {
  let h = handlers.get(group);
  if (!h) {
    h = buildGroupHandler(group);
    handlers.set(group, h);
  }
  return h;
};

/** A made-up client address: each caller is its own client for the rate limits. */
export const newClientIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const newEmail = (tag = 'user'): string => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

export interface EventOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** sent as JSON (Content-Type: application/json) */
  body?: unknown;
  /** sent as it is; a Buffer goes base64-encoded, as API Gateway passes binary bodies */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** `name=value` each, as payload 2.0 hands cookies over */
  cookies?: string[];
  token?: string;
  /** the session as the `Token` header instead of Authorization */
  tokenHeader?: boolean;
  /** the client's address (requestContext.http.sourceIp); default a new one */
  ip?: string;
  /** the Origin header; default the web app's; null for none */
  origin?: string | null;
  /** API Gateway's request id (the correlation id); default a new one */
  requestId?: string;
}

/** An API Gateway v2 event for `method path` routed to `key`, as the local gateway builds it. */
export function apiEvent(
  method: string,
  path: string,
  key: string,
  pathParameters: Record<string, string> | undefined,
  o: EventOptions = {},
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  if (o.origin !== null) headers.origin = o.origin ?? WEB_URL;
  for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
  if (o.token) {
    if (o.tokenHeader) headers.token = o.token;
    else headers.authorization = `Bearer ${o.token}`;
  }
  let body: string | undefined;
  let isBase64Encoded = false;
  if (o.rawBody !== undefined) {
    if (Buffer.isBuffer(o.rawBody)) {
      body = o.rawBody.toString('base64');
      isBase64Encoded = true;
    } else body = o.rawBody;
  } else if (o.body !== undefined) body = JSON.stringify(o.body);
  // As the integration tests' client sends any body (tests/support/api.ts's request).
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const query = new URLSearchParams(o.query ?? {});
  const requestId = o.requestId ?? randomUUID();
  const now = new Date();
  return {
    version: '2.0',
    routeKey: key,
    rawPath: path,
    rawQueryString: query.toString(),
    headers,
    queryStringParameters: o.query && Object.keys(o.query).length ? { ...o.query } : undefined,
    ...(o.cookies?.length ? { cookies: o.cookies } : {}),
    pathParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'handlers',
      domainName: 'api.handlers.test',
      domainPrefix: 'api',
      http: {
        method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: o.ip ?? newClientIp(),
        userAgent: 'vitest',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body,
    isBase64Encoded,
  };
}

/** The path parameters a route needs, filled with `params` or a placeholder. */
export function paramsFor(route: ApiRoute, params: Record<string, string> = {}): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g))
    filled[name as string] = params[name as string] ?? `placeholder-${name}`;
  return filled;
}

/** An event for a route of the table. */
export function routeEvent(id: RouteId, o: EventOptions = {}): APIGatewayProxyEventV2 {
  const route = apiRoutes[id] as ApiRoute;
  const params = paramsFor(route, o.params);
  const path = buildPath(route.path, params);
  return apiEvent(route.method, path, routeKey(route), Object.keys(params).length ? params : undefined, o);
}

/** A browser's preflight for `path`, as API Gateway routes every OPTIONS request. */
export function preflightEvent(path: string, o: EventOptions = {}): APIGatewayProxyEventV2 {
  return apiEvent('OPTIONS', path, PREFLIGHT_ROUTE_KEY, { proxy: path.slice(1) }, o);
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string>;
  /** the JSON body, or the text when it is not JSON */
  body: T;
  raw: string;
  cookies: string[];
}

const context = (group: string, requestId: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: `handlers-${group}`,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:eu-west-1:000000000000:function:handlers-${group}`,
  memoryLimitInMB: '1024',
  awsRequestId: requestId,
  logGroupName: `/aws/lambda/handlers-${group}`,
  logStreamName: 'handlers',
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

/** Invokes a handler with an event; the answer's headers in lower case. */
export async function invoke<T = Record<string, unknown>>(
  handler: Handler,
  event: APIGatewayProxyEventV2,
  group = 'test',
): Promise<Answer<T>> {
  const result = await handler(event, context(group, event.requestContext.requestId));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  const raw = result.isBase64Encoded
    ? Buffer.from(result.body ?? '', 'base64').toString('latin1')
    : (result.body ?? '');
  let body: unknown = raw;
  try {
    body = JSON.parse(raw);
  } catch {}
  return { status: result.statusCode ?? 200, headers, body: body as T, raw, cookies: result.cookies ?? [] };
}

/** Holds an answer to its route's contract (tests/support/api.ts's checkContract). */
export function checkAnswer(id: RouteId, a: Answer<unknown>): void {
  const headers = new Headers();
  for (const [k, v] of Object.entries(a.headers)) headers.set(k, v);
  checkContract(id, { status: a.status, body: a.body, headers, raw: Buffer.from(a.raw) });
}

export type RouteAnswer = Answer<Record<string, unknown> & Partial<ErrorBody>>;

/** Calls a route of the table through its group's handler, and checks the answer against the contract. */
export async function call(id: RouteId, o: EventOptions = {}, handler?: Handler): Promise<RouteAnswer> {
  const group = (apiRoutes[id] as ApiRoute).group;
  const answer = await invoke<Record<string, unknown> & Partial<ErrorBody>>(
    handler ?? (await handlerOf(group)),
    routeEvent(id, o),
    group,
  );
  checkAnswer(id, answer);
  return answer;
}

/** The secret of the newest login link mailed to `email` (the outbox is written before the answer). */
export async function linkSecretFor(email: string): Promise<string> {
  const [mail] = await readOutbox(outboxDir, { to: email });
  const secret = mail && /\/login_with_token\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!secret) throw new Error(`no login link mailed to ${email}`);
  return secret;
}

/** The emails to `email`, newest first. */
export const mailsTo = (email: string) => readOutbox(outboxDir, { to: email });

export interface TestUser {
  email: string;
  token: string;
  id: string;
}

const userIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub as string;

/** An activated account, made through the auth handler as a person makes one: sign up, open the link. */
export async function signedInUser(email = newEmail()): Promise<TestUser> {
  const signup = await call('signup', { body: { email, terms_accepted: true } });
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}: ${signup.raw}`);
  const opened = await call('loginWithToken', { params: { token: await linkSecretFor(email) } });
  const token = opened.body.access_token as string;
  if (!token) throw new Error(`login link answered ${opened.status}: ${opened.raw}`);
  return { email, token, id: userIdOf(token) };
}

/** An account the operator command made an admin (`npm run admin-role -- grant`). */
export async function adminUser(): Promise<TestUser> {
  const user = await signedInUser(newEmail('admin'));
  const db = inject('handlersDb');
  await setAdminRole(['grant', user.email, '--table', db.tableName, '--endpoint', db.endpoint]);
  return user;
}
