// Every item of a user, by key: their partition (a Query), the keys the `owned` index lists for them or for
// their address (a Query), and the items those keys or their account record name (BatchGetItem). What is
// read back is checked to be theirs, so no page carries another user's item.
import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { accountOwner, emailOwner, keys, OWNER_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { queryPages } from '#platform/dynamodb/query-pages.ts';
import { OWNER_INDEX } from '#shared/table-design.ts';
import type { ItemKey, Owner, Page, PersonalDataReader, StoredItem } from '../domain/ports.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

/** BatchGetItem takes 100 keys a call. */
const BATCH_GET = 100;

export class DynamoPersonalDataReader implements PersonalDataReader {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async partitionPage(userId: string, cursor: string | null, limit: number): Promise<Page<StoredItem>> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk },
        ConsistentRead: true,
        Limit: limit,
        ExclusiveStartKey: decodeCursor(cursor),
      }),
    );
    return { items: (res.Items ?? []) as StoredItem[], next: encodeCursor(res.LastEvaluatedKey) };
  }

  async rendersInFlightUntil(userId: string, now: number): Promise<number | null> {
    // The tasks a worker holds: IN_PROGRESS under a lease not yet over (task-store.ts claim). Read strongly, so
    // a claim made before the account was marked is seen.
    let latest: number | null = null;
    for await (const items of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :task)',
      FilterExpression: '#status = :inProgress AND lease_until > :now',
      ProjectionExpression: 'lease_until',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': keys.user(userId).pk,
        ':task': keys.task(userId, '').sk,
        ':inProgress': 'IN_PROGRESS',
        ':now': now,
      },
      ConsistentRead: true,
    }))
      for (const item of items) latest = Math.max(latest ?? 0, Number(item.lease_until));
    return latest;
  }

  async ownedKeysPage(owner: Owner, cursor: string | null, limit: number): Promise<Page<ItemKey>> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: OWNER_INDEX.name,
        KeyConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': OWNER_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':owner': 'userId' in owner ? accountOwner(owner.userId) : emailOwner(owner.email),
        },
        Limit: limit,
        ExclusiveStartKey: decodeCursor(cursor),
      }),
    );
    return {
      items: (res.Items ?? []).map((i) => ({ pk: String(i.pk), sk: String(i.sk) })),
      next: encodeCursor(res.LastEvaluatedKey),
    };
  }

  async itemsByKey(userId: string, wanted: readonly ItemKey[]): Promise<StoredItem[]> {
    const found: StoredItem[] = [];
    for (let i = 0; i < wanted.length; i += BATCH_GET) {
      let pending: Record<string, unknown>[] | undefined = wanted
        .slice(i, i + BATCH_GET)
        .map(({ pk, sk }) => ({ pk, sk }));
      for (let attempt = 0; pending?.length; attempt++) {
        if (attempt > 8) throw new Error(`DynamoDB left ${pending.length} reads unprocessed`);
        if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const res = await this.db.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending, ConsistentRead: true } } }),
        );
        found.push(...((res.Responses?.[this.table] ?? []) as StoredItem[]));
        pending = res.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
      }
    }
    // An item changes hands only by being deleted and written again: what reads back as another's is left out.
    return found.filter((item) => item.user_id === userId || item[OWNER_ATTRIBUTE] === accountOwner(userId));
  }

  async namedByAccount(userId: string): Promise<StoredItem[]> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.user(userId), ConsistentRead: true }),
    );
    const account = res.Item;
    if (!account) return [];
    const named: ItemKey[] = [];
    if (typeof account.email === 'string') named.push(keys.email(account.email));
    const google = account.google_sign_in as { issuer?: unknown; subject?: unknown } | undefined;
    if (typeof google?.issuer === 'string' && typeof google.subject === 'string')
      named.push(keys.googleSubject(google.issuer, google.subject));
    if (typeof account.stripe_customer_id === 'string') named.push(keys.customer(account.stripe_customer_id));
    if (typeof account.subscription_id === 'string') named.push(keys.subscription(account.subscription_id));
    return this.itemsByKey(userId, named);
  }
}
