// What DynamoDB Local alone takes for the calls behind each latency budget, measured in the same run and
// at the same concurrency (10) as the API figures: a GetItem (user_info), a 5-item transaction after a
// GetItem (a pack credit), a 13-item transaction after a BatchGet (a create of 10 styles), and a Query of
// 50 and 200 task summaries (the gallery's list), a Query of 20 photo items (the photos list), and one
// TransactWriteItems alone (the ratio budgets of `npm run bench`). DynamoDB Local runs every transaction under one lock, so
// concurrent transactions queue; real DynamoDB does not. An API figure over its budget while its floor is
// over it too is the stand-in's cost; the ratio says what our code adds.
import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { percentile as pct, tenths as round } from './stats.ts';

export interface Floor {
  p50Ms: number;
  p99Ms: number;
}
export interface DynamoFloors {
  getItem: Floor;
  credit: Floor;
  create: Floor;
  query50: Floor;
  query200: Floor;
  /** a Query of 20 items the size of photo items (face measurements included): GET /photos' read */
  photos20: Floor;
  /** one TransactWriteItems alone, of 5 items (a pack credit's) and of 13 (a create of 10 styles') */
  transact5: Floor;
  transact13: Floor;
}

async function measure(total: number, concurrency: number, call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const start = performance.now();
        await call(i);
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50Ms: round(pct(times, 50)), p99Ms: round(pct(times, 99)) };
}

/** Warms up, then measures each kind at concurrency 10, in a scratch partition of the stack's table. */
export async function dynamoFloors(db: DynamoDBDocumentClient, table: string): Promise<DynamoFloors> {
  const run = randomUUID().slice(0, 8);
  const owner = (i: number) => `FLOOR#${run}#U${i % 20}`;
  for (let u = 0; u < 20; u++)
    await db.send(new PutCommand({ TableName: table, Item: { pk: owner(u), sk: 'PROFILE', n: 0 } }));
  const summaries = `FLOOR#${run}#TASKS`;
  for (let t = 0; t < 200; t++)
    await db.send(
      new PutCommand({
        TableName: table,
        Item: {
          pk: summaries,
          sk: `TASK#${String(t).padStart(4, '0')}`,
          status: 'DONE',
          style_id: t % 30,
          style_name: 'Floor style',
          progress: 100,
          result_path: `results/u/${t}.png`,
          created_at: 1_700_000_000 + t,
        },
      }),
    );

  // Photo items as photo-store.ts writes them: names, sizes, paths and the face check's measurements.
  const photos = `FLOOR#${run}#PHOTOS`;
  for (let p = 0; p < 20; p++)
    await db.send(
      new PutCommand({
        TableName: table,
        Item: {
          pk: photos,
          sk: `PHOTO#${String(p).padStart(2, '0')}`,
          photo_id: randomUUID(),
          name: `selfie-${p}.jpg`,
          key: `photos/${run}/${randomUUID()}.jpg`,
          thumb_key: `thumbs/${run}/${randomUUID()}.webp`,
          width: 1024,
          height: 1365,
          bytes: 412_345,
          uploaded_at: 1_700_000_000 + p,
          face: {
            box: { x: 312, y: 280, width: 402, height: 402 },
            score: 0.99,
            descriptor: Array.from({ length: 128 }, (_, k) => Math.sin(p + k) / 5),
          },
        },
      }),
    );

  const getItem = (i: number) =>
    db.send(new GetCommand({ TableName: table, Key: { pk: owner(i), sk: 'PROFILE' } }));
  let written = 0;
  const transact = (i: number, items: number) => {
    const id = `${run}-${written++}`;
    return db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: { pk: owner(i), sk: 'PROFILE' },
              UpdateExpression: 'SET n = n + :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          ...Array.from({ length: items - 1 }, (_, k) => ({
            Put: {
              TableName: table,
              Item: { pk: `FLOOR#${id}#${k}`, sk: 'ITEM', at: i },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        ],
      }),
    );
  };
  const query = (limit: number) => () =>
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': summaries, ':p': 'TASK#' },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
  const photoQuery = () =>
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': photos, ':p': 'PHOTO#' },
        ConsistentRead: true,
      }),
    );
  const credit = async (i: number) => {
    await getItem(i);
    await transact(i, 5);
  };
  const create = async (i: number) => {
    await db.send(
      new BatchGetCommand({
        RequestItems: {
          [table]: { Keys: Array.from({ length: 10 }, (_, k) => ({ pk: owner(k), sk: 'PROFILE' })) },
        },
      }),
    );
    await transact(i, 13);
  };

  await measure(500, 10, getItem);
  await measure(100, 10, credit);
  return {
    getItem: await measure(2000, 10, getItem),
    credit: await measure(300, 10, credit),
    create: await measure(300, 10, create),
    query50: await measure(500, 10, query(50)),
    query200: await measure(300, 10, query(200)),
    photos20: await measure(500, 10, photoQuery),
    transact5: await measure(300, 10, (i) => transact(i, 5)),
    transact13: await measure(300, 10, (i) => transact(i, 13)),
  };
}
