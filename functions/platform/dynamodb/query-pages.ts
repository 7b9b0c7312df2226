// A Query read page by page. In a file of its own: every function that bundles client.ts would otherwise
// carry QueryCommand, and each function is granted exactly the DynamoDB actions its code can call
// (tests/infra/iam.test.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** A Query's items page by page, reading the next page only when the caller asks for it (stop early with break). */
export async function* queryPages(
  db: DynamoDBDocumentClient,
  input: QueryCommandInput,
): AsyncGenerator<Record<string, unknown>[]> {
  let ExclusiveStartKey = input.ExclusiveStartKey;
  do {
    const res = await db.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    yield res.Items ?? [];
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
