// Builds the privacy job function's adapters once per cold start: every read by key, deletion by key
// (BatchWriteItem: only here), the user's files by prefix, the Stripe customer, the queue and the mail.
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type {
  MailConfig,
  MediaConfig,
  PrivacyJobQueueConfig,
  StripeConfig,
  TableConfig,
} from '#platform/config.ts';
import { buildMailer } from '#platform/mail/build-mailer.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { readSecret } from '#platform/secrets.ts';
import { createStripeClient } from '#platform/stripe/stripe-client.ts';
import { systemClock } from '#platform/system.ts';
import { StripeCustomers } from '../billing/adapters.ts';
import { S3ResultFiles } from '../generation/adapters.ts';
import { DynamoTeamDepartures, DynamoTeamMembers, S3TeamArchives } from '../teams/adapters.ts';
import type { PrivacyJobDeps } from './domain/ports.ts';
import { DynamoPrivacyJobRuns } from './dynamodb/job-runs.ts';
import { DynamoPersonalDataEraser } from './dynamodb/personal-data-eraser.ts';
import { DynamoPersonalDataReader } from './dynamodb/personal-data-reader.ts';
import { S3PersonalFiles } from './s3/personal-files.ts';
import { buildPrivacyJobQueue } from './sqs/sqs-privacy-job-queue.ts';

export async function buildPrivacyJobDeps(
  config: TableConfig & MailConfig & MediaConfig & StripeConfig & PrivacyJobQueueConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): Promise<PrivacyJobDeps> {
  const stripe = createStripeClient({
    secretKey: await readSecret(config.stripeSecretKey),
    apiUrl: config.stripeApiUrl,
  });
  return {
    jobs: new DynamoPrivacyJobRuns(db, config.tableName),
    data: new DynamoPersonalDataReader(db, config.tableName),
    eraser: new DynamoPersonalDataEraser(db, config.tableName),
    files: new S3PersonalFiles(s3, config.mediaBucket),
    customers: new StripeCustomers(stripe),
    queue: buildPrivacyJobQueue(config),
    mailer: buildMailer(config),
    clock: systemClock,
    metrics: businessMetrics,
    webUrl: config.webUrl,
    teams: new DynamoTeamDepartures(db, config.tableName),
    // A team's ZIP, from the members' choices and their stored files (no squares made here: each choice
    // records its square, made when it was chosen).
    teamArchives: {
      teams: new DynamoTeamMembers(db, config.tableName),
      results: new S3ResultFiles(s3, config.mediaBucket),
      stored: new S3TeamArchives(s3, config.mediaBucket),
    },
  };
}
