// The handlers project's one piece of infrastructure: DynamoDB Local with the product's table (created as
// the CDK stack creates it) and the styles catalogue seeded, as the local stack starts them
// (infra/local/stack.ts). No S3, queue, API Gateway or SPA: the handlers are called in-process
// (tests/support/handler-events.ts).
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { seedStyleCatalogue } from '../../functions/styles/domain/seed.ts';
import { DynamoStyleStore } from '../../functions/styles/dynamodb/style-store.ts';
import { ensureTable, type LocalDynamo, startDynamoLocal } from '../../infra/local/dynamodb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    handlersDb: { endpoint: string; tableName: string };
  }
}

const TABLE = 'aivatar-handlers';
let dynamo: LocalDynamo | undefined;

export async function setup(project: TestProject): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  dynamo = await startDynamoLocal({ port: 0 });
  await ensureTable(dynamo.endpoint, TABLE);
  const db = createDocumentClient(dynamo.endpoint);
  await seedStyleCatalogue(new DynamoStyleStore(db, TABLE));
  db.destroy();
  project.provide('handlersDb', { endpoint: dynamo.endpoint, tableName: TABLE });
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
