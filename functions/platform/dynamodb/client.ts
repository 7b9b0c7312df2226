import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/** One document client per process; `endpoint` points at DynamoDB Local when running locally. */
export function createDocumentClient(endpoint?: string): DynamoDBDocumentClient {
  const client = new DynamoDBClient(
    endpoint
      ? {
          endpoint,
          region: process.env.AWS_REGION ?? 'eu-west-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {},
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/** One item read by key, consistently: what was just written is what is read. Null when there is none. */
export async function consistentGet(
  db: DynamoDBDocumentClient,
  table: string,
  key: { pk: string; sk: string },
): Promise<Record<string, unknown> | null> {
  const res = await db.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  return (res.Item as Record<string, unknown> | undefined) ?? null;
}
