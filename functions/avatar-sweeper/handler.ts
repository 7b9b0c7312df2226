// Lambda entry of the sweeper (an EventBridge schedule in AWS, a timer locally): tasks still pending past
// their deadline fail with their refund, so no task stays pending forever.
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { DynamoOverdueTasks } from '../adapters/dynamodb/task-deadlines.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { readConfig, WORKER_CONFIG } from '../config.ts';
import { sweepOverdueTasks } from '../domain/generation/abandoned-tasks.ts';
import { logger } from '../observability/logger.ts';
import { observedHandler } from '../observability/observed-handler.ts';
import { buildAbandonDeps } from '../wiring/worker-wiring.ts';

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
