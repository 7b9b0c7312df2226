// Builds the adapters a function needs from its config, once per process (cold start).
import type { AppConfig } from '../config.ts';
import type { AccountDeps } from '../domain/accounts/accounts.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from '../domain/accounts/rate-limits.ts';
import { DynamoAccountStore } from './dynamodb/account-store.ts';
import { createDocumentClient } from './dynamodb/client.ts';
import { DynamoRateLimiter } from './dynamodb/rate-limiter.ts';
import { JwtSessionTokens } from './jwt-sessions.ts';
import { OutboxMailer } from './mail/outbox-mailer.ts';
import { SesMailer } from './mail/ses-mailer.ts';
import { ScryptPasswordHasher } from './scrypt-hasher.ts';
import { cryptoIds, systemClock } from './system.ts';

async function jwtSecret(config: AppConfig): Promise<string> {
  if ('value' in config.jwtSecret) return config.jwtSecret.value;
  // Loaded only where the key lives in Secrets Manager (AWS), not on every cold-start path.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const res = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: config.jwtSecret.arn }),
  );
  if (!res.SecretString) throw new Error(`Secret ${config.jwtSecret.arn} has no string value`);
  return res.SecretString;
}

export async function buildAccountDeps(
  config: AppConfig,
  limits: RateLimitPolicy = DEFAULT_RATE_LIMITS,
): Promise<AccountDeps> {
  const db = createDocumentClient(config.dynamodbEndpoint);
  return {
    store: new DynamoAccountStore(db, config.tableName, config.adminEmails),
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    mailer:
      config.mail.transport === 'outbox'
        ? new OutboxMailer(config.mail.dir, config.mailFrom)
        : new SesMailer(config.mailFrom),
    hasher: new ScryptPasswordHasher(),
    sessions: new JwtSessionTokens({
      secret: await jwtSecret(config),
      issuer: `aivatar-${config.stage}`,
      ttlSeconds: config.sessionTtlSeconds,
    }),
    clock: systemClock,
    ids: cryptoIds,
    limits,
    webUrl: config.webUrl,
  };
}
