// Lambda entry of the dead-letter handler (functions/avatar-dead-letter/dead-letters.ts).
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { readConfig, WORKER_CONFIG } from '../config.ts';
import { buildAbandonDeps } from '../wiring/worker-wiring.ts';
import { deadLetterHandler } from './dead-letters.ts';

const config = readConfig(WORKER_CONFIG['avatar-dead-letter']);
export const handler = deadLetterHandler(
  buildAbandonDeps(config, createDocumentClient(config.dynamodbEndpoint), createS3Client(config.s3Endpoint)),
);
