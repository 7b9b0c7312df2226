// The deploy's seeding function, run as CloudFormation runs it (create, update, delete events) against a
// table of its own on DynamoDB Local.
import { randomUUID } from 'node:crypto';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { DynamoStyleStore } from '../../functions/styles/dynamodb/style-store.ts';
import { ensureTable } from '../../infra/local/dynamodb.ts';
import { lambdaContext } from '../../infra/local/lambda-context.ts';
import { stack } from '../support/api.ts';

const table = `seed-${randomUUID().slice(0, 8)}`;
let handler: (
  e: CloudFormationCustomResourceEvent,
  c: Context,
) => Promise<{ PhysicalResourceId: string; Data?: Record<string, number> }>;
const db = () => createDocumentClient(stack().dynamoEndpoint);
let client: ReturnType<typeof db>;

beforeAll(async () => {
  await ensureTable(stack().dynamoEndpoint, table);
  vi.stubEnv('STAGE', 'test');
  vi.stubEnv('TABLE_NAME', table);
  vi.stubEnv('DYNAMODB_ENDPOINT', stack().dynamoEndpoint);
  ({ handler } = await import('../../functions/styles/seed-handler.ts'));
  client = db();
});
afterAll(() => {
  vi.unstubAllEnvs();
  client.destroy();
});

const event = (RequestType: 'Create' | 'Update' | 'Delete') =>
  ({
    RequestType,
    ServiceToken: 'arn:aws:lambda:eu-west-1:000000000000:function:provider',
    ResponseURL: 'https://example.test/response',
    StackId: 'arn:aws:cloudformation:eu-west-1:000000000000:stack/Aivatar-dev/1',
    RequestId: randomUUID(),
    LogicalResourceId: 'StylesSeed',
    ResourceType: 'Custom::StyleCatalogue',
    ResourceProperties: { ServiceToken: 'x', CatalogueVersion: 'v1' },
    ...(RequestType === 'Create'
      ? {}
      : { PhysicalResourceId: 'aivatar-style-catalogue', OldResourceProperties: {} }),
  }) as CloudFormationCustomResourceEvent;

describe("the deploy's style seeding", () => {
  it('adds the catalogue on create, adds nothing more on update, and leaves the styles on delete', async () => {
    const created = await handler(event('Create'), lambdaContext('style-seed'));
    expect(created).toEqual({
      PhysicalResourceId: 'aivatar-style-catalogue',
      Data: { Added: STYLE_CATALOGUE.length, Kept: 0 },
    });
    expect(await handler(event('Update'), lambdaContext('style-seed'))).toEqual({
      PhysicalResourceId: 'aivatar-style-catalogue',
      Data: { Added: 0, Kept: STYLE_CATALOGUE.length },
    });
    expect(await handler(event('Delete'), lambdaContext('style-seed'))).toEqual({
      PhysicalResourceId: 'aivatar-style-catalogue',
    });
    expect(await new DynamoStyleStore(client, table).listAll()).toHaveLength(STYLE_CATALOGUE.length);
  });
});
