// Download links: a URL that a browser opens by itself (the "Download all" ZIP, the product's
// image-URL helper) carries a short-lived link token instead of the 7-day session. A link token names one
// route, one object (a file name, or a set of results) and its user; it lasts minutes and opens nothing else.
// A session in a URL is refused: URLs end up in history, proxies and access logs.
import { DomainError } from './errors.ts';
import type { User, UserReader } from './ports.ts';

/** The routes that take `?token=`: they answer a file a browser may open by URL (shared/api-routes.ts). */
export const LINK_ROUTES = [
  'resultData',
  'resultFile',
  'resultsZip',
  'favouritesZip',
  'photoData',
  'teamMembersCsv',
  'teamHeadshotsZip',
] as const;
export type LinkRoute = (typeof LINK_ROUTES)[number];

/** How long a link works: long enough to start a download, short enough to be worthless in a log. */
export const LINK_SECONDS = 5 * 60;

export interface LinkClaims {
  userId: string;
  /** the session's version when the link was made: "log out everywhere" ends links too */
  sessionVersion: number;
  route: LinkRoute;
  /** the file name the link opens, or for a ZIP the set of results it holds */
  object: string;
}

export interface LinkTokens {
  issue(claims: LinkClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  /** Throws UNAUTHENTICATED for anything but a valid, unexpired link token of ours (a session included). */
  verify(token: string): Promise<LinkClaims>;
}

interface LinkResolverDeps {
  links: LinkTokens;
  users: UserReader;
  adminEmails: readonly string[];
}

export interface ResolvedLink {
  user: User;
  object: string;
}

/** How the HTTP edge resolves a link presented to the route `route` (its id) for the file `object`. */
export type LinkResolver = (token: string, route: string, object: string | null) => Promise<ResolvedLink>;

const notThisLink = () =>
  new DomainError('FORBIDDEN', 'This download link is for another file. Please download again from the app.');

/**
 * The account and object behind a link presented to `route`; `object` is the file the request names, when
 * the route names one (null for the ZIP, whose set the link itself names).
 */
export async function resolveLink(
  deps: LinkResolverDeps,
  token: string,
  route: string,
  object: string | null,
): Promise<ResolvedLink> {
  const claims = await deps.links.verify(token);
  if (claims.route !== route) throw notThisLink();
  if (object !== null && claims.object !== object) throw notThisLink();
  const user = await deps.users.getById(claims.userId);
  if (!user || user.sessionVersion !== claims.sessionVersion)
    throw new DomainError('UNAUTHENTICATED', 'This download link is no longer valid. Please log in again.');
  const admin = user.role === 'admin' || deps.adminEmails.includes(user.email);
  return { user: { ...user, role: admin ? 'admin' : 'user' }, object: claims.object };
}

/** A link for the caller's own object; what `object` is and whether it exists, the caller has checked. */
export async function issueLink(
  links: LinkTokens,
  user: User,
  route: LinkRoute,
  object: string,
): Promise<{ token: string; expires_at: number }> {
  const { token, expiresAt } = await links.issue(
    { userId: user.id, sessionVersion: user.sessionVersion, route, object },
    LINK_SECONDS,
  );
  return { token, expires_at: expiresAt };
}
