// Talks to the shared local stack over real HTTP, as the SPA and Stripe do. Tests call routes by their id
// in shared/api-routes.ts; every answer is held to the route's contract (its response schema on success,
// the error body otherwise), so a handler cannot drift from the table without a test failing.
import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import * as z from 'zod/mini';
import {
  type ApiRoute,
  apiRoutes,
  buildPath,
  type ResponseOf,
  type RouteId,
  routeKey,
} from '#shared/api-routes.ts';
import { ErrorBody } from '#shared/api-schemas.ts';
import { createLocalAccount, newClientIp } from './local-account.ts';

export const stack = () => inject('stack');

/** The settings every function reads from the shared stack, as the stack gives them (functions/platform/config.ts). */
export const stackFunctionEnv = (s = stack()): Record<string, string> => ({
  STAGE: 'local',
  TABLE_NAME: s.tableName,
  DYNAMODB_ENDPOINT: s.dynamoEndpoint,
  MEDIA_BUCKET: s.mediaBucket,
  S3_ENDPOINT: s.s3Endpoint,
  WEB_URL: s.webUrl,
  MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
  MAIL_TRANSPORT: 'outbox',
  OUTBOX_DIR: s.outboxDir,
});

export const newEmail = (tag = 'user'): string => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

export { newClientIp } from './local-account.ts';

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string;
  /** send the session as the `Token` header instead of Authorization */
  tokenHeader?: boolean;
  /** a made-up client address, sent as X-Forwarded-For (the test stack trusts it); default: a new one */
  ip?: string;
  /**
   * A real source address for the connection (any of 127.0.0.0/8), with no X-Forwarded-For: the local
   * API Gateway then sees the socket's address, as API Gateway sees the client's.
   */
  sourceAddress?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** another API than the shared stack's (a test's own gateway) */
  apiUrl?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  raw: Buffer;
}

/** One HTTP request to the API host, for anything: routes, unknown paths, odd methods. */
export function request<T = Record<string, unknown>>(
  method: string,
  path: string,
  o: RequestOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...o.headers };
  if (!o.sourceAddress) headers['x-forwarded-for'] ??= o.ip ?? newClientIp();
  const payload =
    o.rawBody !== undefined ? o.rawBody : o.body === undefined ? undefined : JSON.stringify(o.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  if (o.token) {
    if (o.tokenHeader) headers.token = o.token;
    else headers.authorization = `Bearer ${o.token}`;
  }
  const url = new URL(path, o.apiUrl ?? stack().apiUrl);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers, ...(o.sourceAddress ? { localAddress: o.sourceAddress } : {}), agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            // append, not a joined value: Set-Cookie lines stay apart (headers.getSetCookie())
            if (Array.isArray(v)) for (const line of v) h.append(k, line);
            else if (v !== undefined) h.set(k, v);
          }
          resolve({ status: res.statusCode ?? 0, body: body as T, headers: h, raw });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export class ContractError extends Error {}

const GatewayError = z.object({ message: z.string() });

/** Holds an answer to its route's contract; throws ContractError naming the route and the mismatch. */
export function checkContract(id: RouteId, result: CallResult<unknown>): void {
  const route = apiRoutes[id] as ApiRoute;
  const where = `${id} (${routeKey(route)}) answered ${result.status}`;
  const type = result.headers.get('content-type') ?? '';
  if (route.response === 'redirect') {
    // A route a browser navigates to sends it on, whatever happened.
    if (result.status !== 302 || !result.headers.get('location')) {
      throw new ContractError(`${where}, not a redirect (302 with Location)`);
    }
    return;
  }
  if (result.status >= 200 && result.status < 300) {
    if (route.response === 'binary') {
      // A JSON download (the styles export) is a file: it says so with Content-Disposition.
      const attachment = /^attachment\b/i.test(result.headers.get('content-disposition') ?? '');
      if (/^application\/json/.test(type) && !attachment)
        throw new ContractError(`${where} with JSON, not a file`);
      return;
    }
    const parsed = route.response.safeParse(result.body);
    if (!parsed.success) {
      throw new ContractError(`${where} with a body outside its schema: ${z.prettifyError(parsed.error)}`);
    }
    return;
  }
  // A download answered by a redirect to storage (the ZIP of every avatar).
  if (route.response === 'binary' && (result.status === 302 || result.status === 303)) {
    if (!result.headers.get('location')) throw new ContractError(`${where} without a Location header`);
    return;
  }
  // API Gateway's own answer to a body too large for it is not ours; everything else is the error body.
  const parsed = ErrorBody.safeParse(result.body);
  if (!parsed.success && !(result.status === 413 && GatewayError.safeParse(result.body).success)) {
    throw new ContractError(`${where} with an error body outside ErrorBody: ${JSON.stringify(result.body)}`);
  }
  if (result.status === 429 && !/^\d+$/.test(result.headers.get('retry-after') ?? '')) {
    throw new ContractError(`${where} without a Retry-After header`);
  }
}

export interface RouteCallOptions extends RequestOptions {
  params?: Record<string, string>;
}

/** The answer of a route: its response type on success, the error body's fields otherwise. */
export type RouteResult<K extends RouteId> = CallResult<ResponseOf<K> & Partial<ErrorBody>>;

/** Calls a route of the table by id and checks its answer against the route's contract. */
export async function callRoute<K extends RouteId>(id: K, o: RouteCallOptions = {}): Promise<RouteResult<K>> {
  const route = apiRoutes[id] as ApiRoute;
  const result = await request<ResponseOf<K> & Partial<ErrorBody>>(
    route.method,
    buildPath(route.path, o.params),
    o,
  );
  checkContract(id, result);
  return result;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

/** The emails to `email` in the local outbox, newest first (the outbox reads only that recipient's). */
export async function mailsTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${stack().apiUrl}/_local/mail?to=${encodeURIComponent(email)}`);
  return (await res.json()) as Mail[];
}

/** The link's secret and the language it carries. */
export function linkOf(mail: Mail): { token: string; lang: string | null } {
  const m = /\/login_with_token\?(\S+)/.exec(mail.text);
  const query = new URLSearchParams(m?.[1] ?? '');
  const token = query.get('token');
  if (!token) throw new Error(`no login link in mail: ${mail.text}`);
  return { token, lang: query.get('lang') };
}

export const linkTokenOf = (mail: Mail): string => linkOf(mail).token;

/** Signs up, opens the activation link from the outbox, returns the session token. */
export async function activatedUser(email = newEmail()): Promise<{ email: string; token: string }> {
  return { email, token: await createLocalAccount(stack(), email) };
}

export const randomSecret = (): string => randomBytes(32).toString('base64url');
