// Builds the account group's adapters (deletion and export) from its config, once per cold start.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailConfig, MediaConfig, StripeConfig, TableConfig } from '../config.ts';
import type { PrivacyDeps } from '../domain/privacy/ports.ts';
import { DynamoPersonalDataStore } from './dynamodb/personal-data-store.ts';
import { DynamoRateLimiter } from './dynamodb/rate-limiter.ts';
import { OutboxMailer } from './mail/outbox-mailer.ts';
import { SesMailer } from './mail/ses-mailer.ts';
import { stageMetrics } from './metrics/emf-metrics.ts';
import { createS3Client } from './s3/client.ts';
import { S3PersonalFiles } from './s3/personal-files.ts';
import { ScryptPasswordHasher } from './scrypt-hasher.ts';
import { readSecret } from './secrets.ts';
import { createStripeClient } from './stripe/stripe-client.ts';
import { StripeCustomers } from './stripe/stripe-customers.ts';
import { cryptoIds, systemClock } from './system.ts';

export async function buildPrivacyDeps(
  config: TableConfig & MailConfig & MediaConfig & StripeConfig,
  db: DynamoDBDocumentClient,
): Promise<PrivacyDeps> {
  const stripe = createStripeClient({
    secretKey: await readSecret(config.stripeSecretKey),
    apiUrl: config.stripeApiUrl,
  });
  return {
    data: new DynamoPersonalDataStore(db, config.tableName),
    files: new S3PersonalFiles(createS3Client(config.s3Endpoint), config.mediaBucket),
    customers: new StripeCustomers(stripe),
    mailer:
      config.mail.transport === 'outbox'
        ? new OutboxMailer(config.mail.dir, config.mailFrom)
        : new SesMailer(config.mailFrom),
    hasher: new ScryptPasswordHasher(),
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    clock: systemClock,
    ids: cryptoIds,
    metrics: stageMetrics(),
    webUrl: config.webUrl,
  };
}
