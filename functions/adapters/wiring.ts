// Builds the adapters a function needs from its config, once per process (cold start).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailConfig, SessionConfig, TableConfig } from '../config.ts';
import type { AccountDeps } from '../domain/accounts/accounts.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from '../domain/accounts/rate-limits.ts';
import { DynamoAccountStore } from './dynamodb/account-store.ts';
import { createDocumentClient } from './dynamodb/client.ts';
import { DynamoRateLimiter } from './dynamodb/rate-limiter.ts';
import { OutboxMailer } from './mail/outbox-mailer.ts';
import { SesMailer } from './mail/ses-mailer.ts';
import { ScryptPasswordHasher } from './scrypt-hasher.ts';
import { sessionTokens } from './session-wiring.ts';
import { cryptoIds, systemClock } from './system.ts';
import { ZxcvbnPasswordStrength } from './zxcvbn-strength.ts';

// Session resolution lives in its own module so that groups without accounts code (billing, photos…)
// bundle only the verifier and one account read; re-exported here for the auth group.
export { buildSessionResolver, type SessionResolver, sessionTokens } from './session-wiring.ts';

export async function buildAccountDeps(
  config: TableConfig & SessionConfig & MailConfig,
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
  };
}
