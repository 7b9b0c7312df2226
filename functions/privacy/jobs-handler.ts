// Lambda entry of the privacy job function: account deletions and data exports (docs/operations.md,
// "Privacy"), from their SQS queue, and the sweep on a schedule.

import { JOB_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { privacyJobHandler } from './job-events.ts';
import { buildPrivacyJobDeps } from './job-wiring.ts';

const config = readConfig(JOB_CONFIG['privacy-jobs']);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = privacyJobHandler(
  await buildPrivacyJobDeps(config, db, createS3Client(config.s3Endpoint)),
);
