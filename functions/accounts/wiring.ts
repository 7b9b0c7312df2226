// How every group knows who calls: the session token verifier and one read of the account. Kept apart from
// wiring.ts so that a function importing it carries no sign-up, mail or password code.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionConfig, TableConfig } from '#platform/config.ts';
import { type LinkResolver, resolveLink } from '#platform/domain/download-links.ts';
import type { User } from '#platform/domain/ports.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { readSecret } from '#platform/secrets.ts';
import { resolveSession } from './domain/sessions.ts';
import { JwtLinkTokens } from './jose/jwt-link-tokens.ts';
import { JwtSessionTokens } from './jose/jwt-sessions.ts';

export const sessionTokens = async (config: SessionConfig): Promise<JwtSessionTokens> =>
  new JwtSessionTokens({
    secret: await readSecret(config.jwtSecret),
    issuer: config.sessionIssuer,
    ttlSeconds: config.sessionTtlSeconds,
  });

type SessionResolver = (token: string) => Promise<User>;

export async function buildSessionResolver(
  config: TableConfig & SessionConfig,
  db: DynamoDBDocumentClient = createDocumentClient(config.dynamodbEndpoint),
): Promise<SessionResolver> {
  const deps = {
    sessions: await sessionTokens(config),
    users: new DynamoUserReader(db, config.tableName),
    adminEmails: config.adminEmails,
  };
  return (token) => resolveSession(deps, token);
}

/**
 * buildSessionResolver's resolution, for a group whose requests start the session's reads as they arrive
 * (functions/platform/http/early-reads.ts): the token's check and the account's read come from there.
 */
export const earlySessionResolver =
  (
    config: SessionConfig,
    early: { session(token: string): Omit<Parameters<typeof resolveSession>[0], 'adminEmails'> },
  ): SessionResolver =>
  (token) =>
    resolveSession({ ...early.session(token), adminEmails: config.adminEmails }, token);

/** The download link tokens of groups whose routes take `?token=` (functions/platform/domain/download-links.ts). */
export const linkTokens = async (config: SessionConfig): Promise<JwtLinkTokens> =>
  new JwtLinkTokens({ secret: await readSecret(config.jwtSecret), issuer: config.sessionIssuer });

export async function buildLinkResolver(
  config: TableConfig & SessionConfig,
  db: DynamoDBDocumentClient = createDocumentClient(config.dynamodbEndpoint),
): Promise<LinkResolver> {
  const deps = {
    links: await linkTokens(config),
    users: new DynamoUserReader(db, config.tableName),
    adminEmails: config.adminEmails,
  };
  return (token, route, object) => resolveLink(deps, token, route, object);
}
