// Items read by key in BatchGetItem requests of at most 100 keys; DynamoDB may leave keys unprocessed under
// load, and those are asked again, up to 5 rounds per request.
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/** The items found for `wanted` (missing keys are left out), in no particular order. */
export async function batchGet(
  db: DynamoDBDocumentClient,
  table: string,
  wanted: readonly Key[],
  options: { consistent?: boolean } = {},
): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < wanted.length; i += 100) {
    let keysLeft: Item[] = wanted.slice(i, i + 100);
    for (let round = 0; keysLeft.length; round++) {
      if (round === 5) throw new Error('BatchGetItem left keys unprocessed 5 times');
      const res = await db.send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: keysLeft, ConsistentRead: options.consistent } },
        }),
      );
      found.push(...(res.Responses?.[table] ?? []));
      keysLeft = res.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return found;
}
