// The DynamoDB Local calls behind each latency budget of `npm run bench`, each measured interleaved with its
// API path (paired.ts): a GetItem of the account (GET /user_info), the Query of a gallery page or of the
// photo items (the lists), and a TransactWriteItems of as many items as the path's transaction (a pack
// credit: 5; a create of 10 styles: 13). The reads go to the very items the API reads; the transactions
// write scratch items of their own partition. DynamoDB Local runs every transaction under one lock, so
// concurrent ones queue; measured one at a time, as a Lambda instance makes them, they do not.
import { randomUUID } from 'node:crypto';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';

export type FloorCall = (i: number) => Promise<unknown>;

/** GetItem of an item (the account's profile: what a session check and /user_info read). */
export const getItemFloor =
  (db: DynamoDBDocumentClient, table: string, key: { pk: string; sk: string }): FloorCall =>
  () =>
    db.send(new GetCommand({ TableName: table, Key: key }));

/** One Query page of a partition's items under a prefix, newest first, as the lists read them. */
export const queryFloor =
  (
    db: DynamoDBDocumentClient,
    table: string,
    o: {
      pk: string;
      prefix: string;
      limit?: number;
      consistent?: boolean;
      newestFirst?: boolean;
      /** the attributes the path reads, as its ProjectionExpression names them */
      projection?: readonly string[];
    },
  ): FloorCall =>
  () =>
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': o.pk, ':p': o.prefix },
        ScanIndexForward: !o.newestFirst,
        ...(o.limit ? { Limit: o.limit } : {}),
        ...(o.consistent ? { ConsistentRead: true } : {}),
        ...(o.projection
          ? {
              ProjectionExpression: o.projection.map((a) => `#${a}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(o.projection.map((a) => [`#${a}`, a])),
            }
          : {}),
      }),
    );

/**
 * A TransactWriteItems of `items` items, as the paths' transactions are made: one conditional update of a
 * counter on an account-like item, and `items - 1` conditional puts of new items.
 */
export async function transactFloor(
  db: DynamoDBDocumentClient,
  table: string,
  items: number,
): Promise<FloorCall> {
  const run = randomUUID().slice(0, 8);
  const owner = (i: number) => `FLOOR#${run}#U${i % 20}`;
  for (let u = 0; u < 20; u++)
    await db.send(new PutCommand({ TableName: table, Item: { pk: owner(u), sk: 'PROFILE', n: 0 } }));
  let written = 0;
  return (i: number) => {
    // Fresh items on every call, whoever calls (i restarts at 0 for each pair measured against this floor).
    const id = written++;
    return db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: { pk: owner(i), sk: 'PROFILE' },
              UpdateExpression: 'SET n = n + :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          ...Array.from({ length: items - 1 }, (_, k) => ({
            Put: {
              TableName: table,
              Item: { pk: `FLOOR#${run}#${id}#${k}`, sk: 'ITEM', at: i },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        ],
      }),
    );
  };
}
