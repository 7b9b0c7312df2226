// Lambda entry of the sweeper (an EventBridge schedule in AWS, a timer locally): tasks still pending past
// their deadline fail with their refund, so no task stays pending forever.

import { readConfig, WORKER_CONFIG } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { logger } from '#platform/observability/logger.ts';
import { observedHandler } from '#platform/observability/observed-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { sweepOverdueTasks } from './domain/abandoned-tasks.ts';
import { DynamoOverdueTasks } from './dynamodb/task-deadlines.ts';
import { buildAbandonDeps } from './worker-wiring.ts';

const config = readConfig(WORKER_CONFIG['avatar-sweeper']);
const db = createDocumentClient(config.dynamodbEndpoint);
const deps = {
  ...buildAbandonDeps(config, db, createS3Client(config.s3Endpoint)),
  deadlines: new DynamoOverdueTasks(db, config.tableName),
};

export const handler = observedHandler(async (): Promise<{ failed: number }> => {
  const failed = await sweepOverdueTasks(deps);
  if (failed) logger().warn('sweeper failed overdue tasks', { failed });
  return { failed };
});
