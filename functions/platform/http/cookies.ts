// The API's cookies bind a sign-in to a browser: a "Sign in with Google" (and the login token it hands
// over) to the browser that started it, a login link to the browser that asked for it. Sessions stay
// bearer tokens; these cookies carry no session and live minutes.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SignInCookie } from '../config.ts';

export function setCookie(c: SignInCookie, value: string, maxAgeSeconds: number): string {
  const attributes = [`${c.name}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly'];
  if (c.secure) attributes.push('Secure');
  attributes.push(`SameSite=${c.sameSite}`);
  return attributes.join('; ');
}

export const clearCookie = (c: SignInCookie): string => setCookie(c, '', 0);

/** API Gateway (payload 2.0) hands the request's cookies over as `cookies`, one `name=value` each. */
export function readCookie(event: APIGatewayProxyEventV2, name: string): string | null {
  const pairs = event.cookies ?? event.headers?.cookie?.split(/;\s*/) ?? [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}
