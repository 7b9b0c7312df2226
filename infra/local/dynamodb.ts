import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DESIGN } from '#shared/table-design.ts';
import { type DynamoProcessOptions, startDynamoProcess } from './dynamodb-process.ts';

export { MissingJavaError } from './dynamodb-process.ts';

export interface LocalDynamo {
  endpoint: string;
  port: number;
  /** false when DynamoDB Local runs from Amazon's launcher (no JDK): it then listens on every interface. */
  loopbackOnly: boolean;
  stop(): Promise<void>;
}

/** Starts Amazon's DynamoDB Local (see dynamodb-process.ts) and waits until it answers. */
export async function startDynamoLocal(o: DynamoProcessOptions = {}): Promise<LocalDynamo> {
  const dynamo = await startDynamoProcess(o);
  const endpoint = `http://127.0.0.1:${dynamo.port}`;
  const client = localDynamoClient(endpoint);
  try {
    const started = Date.now();
    for (;;) {
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch (e) {
        if (dynamo.process.exitCode !== null || Date.now() - started > 30_000) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (e) {
    await dynamo.stop();
    throw new Error(`DynamoDB Local did not answer on ${endpoint}: ${(e as Error).message}`);
  } finally {
    client.destroy();
  }
  return { endpoint, port: dynamo.port, loopbackOnly: dynamo.loopbackOnly, stop: dynamo.stop };
}

export const localDynamoClient = (endpoint: string): DynamoDBClient =>
  new DynamoDBClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const indexSpec = (g: (typeof TABLE_DESIGN.globalIndexes)[number]) => ({
  IndexName: g.name,
  KeySchema: [
    { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
    ...(g.sortKey ? [{ AttributeName: g.sortKey, KeyType: 'RANGE' as const }] : []),
  ],
  Projection: { ProjectionType: g.projection },
});

const indexAttributes = (g: (typeof TABLE_DESIGN.globalIndexes)[number]): string[] =>
  g.sortKey ? [g.partitionKey, g.sortKey] : [g.partitionKey];

/**
 * Creates the table like the CDK stack does, unless it exists; a table kept from an earlier version (in the
 * data folder) gets the indexes added since, as an UpdateTable would in AWS.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    const d = TABLE_DESIGN;
    let existing: string[] | null = null;
    try {
      const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
      existing = (described.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName ?? '');
    } catch (e) {
      if (!(e instanceof Error && e.name === 'ResourceNotFoundException')) throw e;
    }
    if (existing) {
      for (const g of d.globalIndexes.filter((i) => !existing.includes(i.name))) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: indexAttributes(g).map((name) => ({
              AttributeName: name,
              AttributeType: 'S',
            })),
            GlobalSecondaryIndexUpdates: [{ Create: indexSpec(g) }],
          }),
        );
      }
      return;
    }
    const attributes = new Set<string>([d.partitionKey, d.sortKey]);
    for (const g of d.globalIndexes) for (const a of indexAttributes(g)) attributes.add(a);
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: d.partitionKey, KeyType: 'HASH' },
          { AttributeName: d.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: d.globalIndexes.map(indexSpec),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: d.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
