import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DESIGN } from '../../shared/table-design.ts';
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

/** Creates the table like the CDK stack does, unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (e) {
    if (!(e instanceof Error && e.name === 'ResourceNotFoundException')) throw e;
  }
  const d = TABLE_DESIGN;
  const attributes = new Set<string>([d.partitionKey, d.sortKey]);
  for (const g of d.globalIndexes) {
    attributes.add(g.partitionKey);
    attributes.add(g.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: d.partitionKey, KeyType: 'HASH' },
        { AttributeName: d.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: d.globalIndexes.map((g) => ({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: d.ttlAttribute, Enabled: true },
    }),
  );
  client.destroy();
}
