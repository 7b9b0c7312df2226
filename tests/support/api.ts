// Talks to the shared local stack over real HTTP, as the SPA and Stripe do.
import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createLocalAccount, newClientIp } from './local-account.ts';

export const stack = () => inject('stack');

export const newEmail = (tag = 'user'): string => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

export { newClientIp } from './local-account.ts';

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  /** send the session as the `Token` header instead of Authorization */
  tokenHeader?: boolean;
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? newClientIp(), ...o.headers };
  if (o.body !== undefined || o.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (o.token) {
    if (o.tokenHeader) headers.token = o.token;
    else headers.authorization = `Bearer ${o.token}`;
  }
  const res = await fetch(`${stack().apiUrl}${path}`, {
    method,
    headers,
    body: o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body: body as T, headers: res.headers };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

export async function mailsTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${stack().apiUrl}/_local/mail`);
  const all = (await res.json()) as Mail[];
  return all.filter((m) => m.to === email);
}

export function linkTokenOf(mail: Mail): string {
  const m = /\/login_with_token\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no login link in mail: ${mail.text}`);
  return m[1];
}

/** Signs up, opens the activation link from the outbox, returns the session token. */
export async function activatedUser(email = newEmail()): Promise<{ email: string; token: string }> {
  return { email, token: await createLocalAccount(stack(), email) };
}

export const randomSecret = (): string => randomBytes(32).toString('base64url');
