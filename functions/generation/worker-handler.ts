// Lambda entry of the avatar worker: SQS task messages -> avatars (docs/generation.md).

import { readConfig, WORKER_CONFIG } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { buildTaskQueue } from './provider-wiring.ts';
import { taskWorker } from './task-batch.ts';
import { buildWorkerDeps } from './worker-wiring.ts';

const config = readConfig(WORKER_CONFIG['avatar-worker']);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);

export const handler = taskWorker(await buildWorkerDeps(config, db, s3), buildTaskQueue(config));
