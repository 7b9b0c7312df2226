// Lambda entry of the dead-letter handler (functions/generation/dead-letters.ts).

import { readConfig, WORKER_CONFIG } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { deadLetterHandler } from './dead-letters.ts';
import { buildAbandonDeps } from './worker-wiring.ts';

const config = readConfig(WORKER_CONFIG['avatar-dead-letter']);
export const handler = deadLetterHandler(
  buildAbandonDeps(config, createDocumentClient(config.dynamodbEndpoint), createS3Client(config.s3Endpoint)),
);
