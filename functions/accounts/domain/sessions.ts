// Who is calling: every group's function resolves a session the same way, from the token and one read of
// the account, so the photos, payments and admin functions need no mailer and no password hasher.
import { DomainError } from '#platform/domain/errors.ts';
import type { SessionVerifier, User, UserReader } from '#platform/domain/ports.ts';

interface SessionDeps {
  sessions: SessionVerifier;
  users: UserReader;
  /** The stage's ADMIN_EMAILS, read at each cold start: removing an email takes the role away. */
  adminEmails: readonly string[];
}

/** The account behind a session token; revoked sessions (older version) are refused. */
export async function resolveSession(deps: SessionDeps, token: string): Promise<User> {
  const claims = await deps.sessions.verify(token);
  const user = await deps.users.getById(claims.userId);
  if (!user)
    throw new DomainError('UNAUTHENTICATED', 'Your session is no longer valid. Please log in again.');
  if (user.sessionVersion !== claims.sessionVersion) {
    throw new DomainError('SESSION_REVOKED', 'Your session has ended. Please log in again.');
  }
  const admin = user.role === 'admin' || deps.adminEmails.includes(user.email);
  return { ...user, role: admin ? 'admin' : 'user' };
}
