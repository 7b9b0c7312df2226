// Builds the privacy adapters once per cold start: the account group's (requests: record, read, queue) and
// the job function's (read by key, delete by key, files, Stripe, mail).
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailConfig, MediaConfig, PrivacyJobQueueConfig, TableConfig } from '#platform/config.ts';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { buildMailer } from '#platform/mail/build-mailer.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { ScryptPasswordHasher } from '../accounts/adapters.ts';
import type { PrivacyRequestDeps } from './domain/ports.ts';
import { DynamoDeletionCodes } from './dynamodb/deletion-codes.ts';
import { DynamoPrivacyJobRecords } from './dynamodb/job-records.ts';
import { S3PersonalFiles } from './s3/personal-files.ts';
import { buildPrivacyJobQueue } from './sqs/sqs-privacy-job-queue.ts';

export function buildPrivacyDeps(
  config: TableConfig & MailConfig & MediaConfig & PrivacyJobQueueConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): PrivacyRequestDeps {
  return {
    jobs: new DynamoPrivacyJobRecords(db, config.tableName),
    codes: new DynamoDeletionCodes(db, config.tableName),
    queue: buildPrivacyJobQueue(config),
    files: new S3PersonalFiles(s3, config.mediaBucket),
    mailer: buildMailer(config),
    hasher: new ScryptPasswordHasher(),
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    clock: systemClock,
    ids: cryptoIds,
    metrics: businessMetrics,
    webUrl: config.webUrl,
  };
}
