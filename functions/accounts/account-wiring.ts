// Builds the adapters a function needs from its config, once per process (cold start).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GoogleSignInConfig, MailConfig, SessionConfig, TableConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { OutboxMailer } from '#platform/mail/outbox-mailer.ts';
import { SesMailer } from '#platform/mail/ses-mailer.ts';
import { logger } from '#platform/observability/logger.ts';
import { readSecret } from '#platform/secrets.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import type { AccountDeps } from './domain/accounts.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from './domain/rate-limits.ts';
import { DynamoAccountStore } from './dynamodb/account-store.ts';
import { DynamoGoogleAttempts } from './dynamodb/google-attempts.ts';
import { lazyIdentityProvider } from './openid/lazy-identity-provider.ts';
import { ScryptPasswordHasher } from './passwords/scrypt-hasher.ts';
import { ZxcvbnPasswordStrength } from './passwords/zxcvbn-strength.ts';
import { sessionTokens } from './wiring.ts';

// Session resolution lives in its own module so that groups without accounts code (billing, photos…)
// bundle only the verifier and one account read; re-exported here for the auth group.
export { buildSessionResolver } from './wiring.ts';

/** The provider behind "Sign in with Google", or null where the stage has none. */
function googleSignIn(config: GoogleSignInConfig, db: DynamoDBDocumentClient, table: string) {
  const google = config.googleSignIn;
  if (!google) return null;
  let clientSecret: Promise<string> | undefined;
  return {
    provider: lazyIdentityProvider({
      issuer: google.issuer,
      clientId: google.clientId,
      // Read at the first Google sign-in, not at cold start; tried again after a failure.
      clientSecret: () => {
        clientSecret ??= readSecret(google.clientSecret);
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
    log: (level, message, fields) => logger()[level](message, fields ?? {}),
  };
}
