// The one cookie the API sets: it binds a "Sign in with Google" to the browser that started it. Sessions
// stay bearer tokens; this cookie carries no session and lives minutes.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { GoogleCookie } from '../config.ts';

export function setCookie(c: GoogleCookie, value: string, maxAgeSeconds: number): string {
  const attributes = [`${c.name}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly'];
  if (c.secure) attributes.push('Secure');
  attributes.push(`SameSite=${c.sameSite}`);
  return attributes.join('; ');
}

export const clearCookie = (c: GoogleCookie): string => setCookie(c, '', 0);

/** API Gateway (payload 2.0) hands the request's cookies over as `cookies`, one `name=value` each. */
export function readCookie(event: APIGatewayProxyEventV2, name: string): string | null {
  const pairs = event.cookies ?? event.headers?.cookie?.split(/;\s*/) ?? [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}
