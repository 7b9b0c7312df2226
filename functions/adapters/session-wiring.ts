// What every group uses to know who calls: the session token verifier and one read of the account.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionConfig, TableConfig } from '../config.ts';
import type { User } from '../domain/ports.ts';
import { resolveSession } from '../domain/sessions.ts';
import { createDocumentClient } from './dynamodb/client.ts';
import { DynamoUserReader } from './dynamodb/user-reader.ts';
import { JwtSessionTokens } from './jwt-sessions.ts';
import { readSecret } from './secrets.ts';

export const sessionTokens = async (config: SessionConfig): Promise<JwtSessionTokens> =>
  new JwtSessionTokens({
    secret: await readSecret(config.jwtSecret),
    issuer: config.sessionIssuer,
    ttlSeconds: config.sessionTtlSeconds,
  });

export type SessionResolver = (token: string) => Promise<User>;

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
