// Builds the adapters a function needs from its config, once per process (cold start).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GoogleSignInConfig, MailConfig, SessionConfig, TableConfig } from '../config.ts';
import type { AccountDeps } from '../domain/accounts/accounts.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from '../domain/accounts/rate-limits.ts';
import type { User } from '../domain/ports.ts';
import { resolveSession } from '../domain/sessions.ts';
import { DynamoAccountStore } from './dynamodb/account-store.ts';
import { createDocumentClient } from './dynamodb/client.ts';
import { DynamoGoogleAttempts } from './dynamodb/google-attempts.ts';
import { DynamoRateLimiter } from './dynamodb/rate-limiter.ts';
import { DynamoUserReader } from './dynamodb/user-reader.ts';
import { JwtSessionTokens } from './jwt-sessions.ts';
import { OutboxMailer } from './mail/outbox-mailer.ts';
import { SesMailer } from './mail/ses-mailer.ts';
import { lazyIdentityProvider } from './openid/lazy-identity-provider.ts';
import { ScryptPasswordHasher } from './scrypt-hasher.ts';
import { cryptoIds, systemClock } from './system.ts';
import { ZxcvbnPasswordStrength } from './zxcvbn-strength.ts';

async function secretValue(secret: { value: string } | { arn: string }): Promise<string> {
  if ('value' in secret) return secret.value;
  // Loaded only where the key lives in Secrets Manager (AWS), not on every cold-start path.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const res = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secret.arn }));
  if (!res.SecretString) throw new Error(`Secret ${secret.arn} has no string value`);
  return res.SecretString;
}

const jwtSecret = (config: SessionConfig): Promise<string> => secretValue(config.jwtSecret);

/** The provider behind "Sign in with Google", or null where the stage has none. */
function googleSignIn(config: GoogleSignInConfig, db: DynamoDBDocumentClient, table: string) {
  const google = config.googleSignIn;
  if (!google) return null;
  let clientSecret: Promise<string> | undefined;
  return {
    provider: lazyIdentityProvider({
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: () => {
        clientSecret ??= secretValue(google.clientSecret);
        clientSecret.catch(() => {
          clientSecret = undefined;
        });
        return clientSecret;
      },
      redirectUri: google.redirectUri,
      timeoutSeconds: 4,
    }),
    attempts: new DynamoGoogleAttempts(db, table),
  };
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

export async function buildAccountDeps(
  config: TableConfig & SessionConfig & MailConfig & GoogleSignInConfig,
  db: DynamoDBDocumentClient = createDocumentClient(config.dynamodbEndpoint),
  limits: RateLimitPolicy = DEFAULT_RATE_LIMITS,
): Promise<AccountDeps> {
  return {
    store: new DynamoAccountStore(db, config.tableName),
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    mailer:
      config.mail.transport === 'outbox'
        ? new OutboxMailer(config.mail.dir, config.mailFrom)
        : new SesMailer(config.mailFrom),
    hasher: new ScryptPasswordHasher(),
    strength: new ZxcvbnPasswordStrength(),
    sessions: await sessionTokens(config),
    clock: systemClock,
    ids: cryptoIds,
    limits,
    webUrl: config.webUrl,
    google: googleSignIn(config, db, config.tableName),
  };
}
