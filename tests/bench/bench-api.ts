// One JSON call to the local API for the benches: signed in, from a fresh client address (so the per-address
// limits never shape a figure), failing loudly on any error answer.
import { newClientIp } from '../support/local-account.ts';

export async function benchCall<T>(
  stack: { apiUrl: string },
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': newClientIp(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
