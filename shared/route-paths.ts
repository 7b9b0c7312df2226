// Filling and matching the API's path templates (`/photos/{filename}`). Free of zod: the SPA's client
// imports it without pulling the schemas into the page; shared/api-routes.ts re-exports it.

/**
 * Google's sign-in callback (the route table's `googleCallback`): the one path a function's settings need
 * (functions/platform/config.ts builds the redirect address from it), here so the job functions, which serve no
 * route, carry no route table.
 */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/** Fills `{name}` placeholders, encoding each value as one path segment. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a route path; returns decoded params or null. */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const want = routePath.split('/');
  const got = actual.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    const m = /^\{(\w+)\}$/.exec(w);
    if (m) {
      if (!g) return null;
      try {
        params[m[1] as string] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}
