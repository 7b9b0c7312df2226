// `npm run backfill-owners -- [--table <name>] [--endpoint <url>] [--region <r>]`
// One-off, for a table written before items kept outside a user's partition carried `owned_by` (the key of
// the sparse `owned` index: shared/table-design.ts). It reads the whole table once, as an operator's tool
// (no function scans), and sets `owned_by` where an item names its owner: `user_id`, an idempotency
// record's key, a rate counter keyed by an email or a user. Items that name nobody stay out of the index
// (BONUS#, EVENT#, GOOGLE_ATTEMPT#, styles), and so does a deletion job's record, which must outlive what it
// deletes. Safe to run twice, and while the product runs: each write is conditioned on `owned_by` being absent.
import { parseArgs } from 'node:util';
import { type DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { accountOwner, emailOwner, OWNER_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { LOCAL_TABLE } from '../local/stack.ts';

type Item = Record<string, unknown> & { pk: string; sk: string };

/** The owner key an item written before `owned_by` should carry, or null when it has none. */
export function ownerOf(item: Item): string | null {
  const { pk } = item;
  if (pk.startsWith('USER#') || pk.startsWith('DELETION#') || OWNER_ATTRIBUTE in item) return null;
  if (pk.startsWith('IDEMPOTENCY#')) return accountOwner(pk.split('#')[1] as string);
  if (pk.startsWith('RATE#')) {
    // RATE#<action>:<scope>#<key>; the key may itself hold '#' (never for emails or user ids).
    const [, bucket = '', ...rest] = pk.split('#');
    const key = rest.join('#');
    const scope = bucket.split(':')[1];
    if (scope === 'email' || scope === 'email-failures') return emailOwner(key);
    if (scope === 'email-client') return emailOwner(key.split(' ')[0] as string);
    if (scope === 'user') return accountOwner(key);
    return null;
  }
  return typeof item.user_id === 'string' ? accountOwner(item.user_id) : null;
}

export async function backfillOwners(db: DynamoDBDocumentClient, table: string) {
  let scanned = 0;
  let updated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    for (const item of (page.Items ?? []) as Item[]) {
      scanned++;
      const owner = ownerOf(item);
      if (!owner) continue;
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET #owner = :owner',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#owner)',
            ExpressionAttributeNames: { '#owner': OWNER_ATTRIBUTE },
            ExpressionAttributeValues: { ':owner': owner },
          }),
        );
        updated++;
      } catch (e) {
        // Deleted meanwhile, or written with its owner since: nothing to do.
        if (!isConditionFailure(e)) throw e;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { scanned, updated };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { table: { type: 'string' }, endpoint: { type: 'string' }, region: { type: 'string' } },
  });
  const endpoint =
    values.endpoint ?? (values.table ? undefined : `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`);
  if (values.region) process.env.AWS_REGION = values.region;
  const db = createDocumentClient(endpoint);
  backfillOwners(db, values.table ?? LOCAL_TABLE).then(
    ({ scanned, updated }) => {
      console.log(`${scanned} items read, owned_by set on ${updated}.`);
      db.destroy();
    },
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
