// Who calls: the session verifier and one read of the account, for every group's function. Kept apart
// from wiring.ts so a function that only needs sessions does not bundle the auth group's adapters.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionConfig, TableConfig } from '../config.ts';
import type { User } from '../domain/ports.ts';
import { resolveSession } from '../domain/sessions.ts';
import { createDocumentClient } from './dynamodb/client.ts';
import { DynamoUserReader } from './dynamodb/user-reader.ts';
import { JwtSessionTokens } from './jwt-sessions.ts';

async function jwtSecret(config: SessionConfig): Promise<string> {
  if ('value' in config.jwtSecret) return config.jwtSecret.value;
  // Loaded only where the key lives in Secrets Manager (AWS), not on every cold-start path.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const res = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: config.jwtSecret.arn }),
  );
  if (!res.SecretString) throw new Error(`Secret ${config.jwtSecret.arn} has no string value`);
  return res.SecretString;
}

export const sessionTokens = async (config: SessionConfig): Promise<JwtSessionTokens> =>
  new JwtSessionTokens({
    secret: await jwtSecret(config),
    issuer: config.sessionIssuer,
    ttlSeconds: config.sessionTtlSeconds,
  });

export type SessionResolver = (token: string) => Promise<User>;

/** What every group uses to know who calls: the token verifier and one read of the account. */
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
