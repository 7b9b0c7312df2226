// Lambda entry of the deploy's style seeding (a CloudFormation custom resource, run through the CDK
// provider framework): on create and on every update, add the catalogue styles the table never had.
// Styles seeded before are kept as they are: after seeding, the admin screen owns them.
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { readConfig, tableConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { logger } from '#platform/observability/logger.ts';
import { observedHandler } from '#platform/observability/observed-handler.ts';
import { seedStyleCatalogue } from './domain/seed.ts';
import { DynamoStyleStore } from './dynamodb/style-store.ts';

const config = readConfig([tableConfig]);
const store = new DynamoStyleStore(createDocumentClient(config.dynamodbEndpoint), config.tableName);

export const PHYSICAL_ID = 'aivatar-style-catalogue';

export const handler = observedHandler(async function seedStyles(
  event: CloudFormationCustomResourceEvent,
): Promise<{ PhysicalResourceId: string; Data?: Record<string, number> }> {
  // Removing the resource (or the stack) leaves the styles where they are.
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const result = await seedStyleCatalogue(store);
  logger().info('style catalogue seeded', { added: result.added, kept: result.kept.length });
  return { PhysicalResourceId: PHYSICAL_ID, Data: { Added: result.added.length, Kept: result.kept.length } };
});
