// Finds and removes everything the table holds about one user, generically: the user's partition, plus
// every item elsewhere whose `user_id` is theirs or whose key names their id or their email. New item
// types are covered as long as they follow one of those conventions (docs/data-model.md, "Deletion").
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { User } from '../../domain/ports.ts';
import type { ExportRecord, PersonalDataStore, StoredItem } from '../../domain/privacy/ports.ts';
import { isConditionFailure } from './conditions.ts';
import { keys, TTL_ATTRIBUTE } from './keys.ts';

/** Parallel scan segments: a deletion reads the whole table once (see docs/data-model.md for the cost). */
const SCAN_SEGMENTS = 4;
const ERASE_LINK_SK = 'ERASE_LINK';

/** Whether an item found by the scan's coarse filter really belongs to the user (exact checks). */
export function belongsTo(item: StoredItem, user: Pick<User, 'id' | 'email'>): boolean {
  if (item.user_id === user.id) return true;
  // The id as a whole key segment (USER#<id>, IDEM#<id>#..., a future TASK#<id>#...).
  if (item.pk.split(/[#:]/).includes(user.id)) return true;
  // Rate counters keyed by the email, or by "<email> <address>": exact, so a@b.c never matches xa@b.c.
  if (item.pk.startsWith('RATE#')) {
    const key = item.pk.split('#').slice(2).join('#');
    return key === user.email || key.startsWith(`${user.email} `);
  }
  return item.pk === keys.email(user.email).pk;
}

export class DynamoPersonalDataStore implements PersonalDataStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  private async partition(userId: string): Promise<StoredItem[]> {
    const items: StoredItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.user(userId).pk },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...((res.Items ?? []) as StoredItem[]));
      start = res.LastEvaluatedKey;
    } while (start);
    return items;
  }

  private async scanSegment(user: Pick<User, 'id' | 'email'>, segment: number): Promise<StoredItem[]> {
    const items: StoredItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          Segment: segment,
          TotalSegments: SCAN_SEGMENTS,
          FilterExpression:
            'user_id = :uid OR contains(pk, :uid) OR pk = :emailClaim OR (begins_with(pk, :rate) AND contains(pk, :email))',
          ExpressionAttributeValues: {
            ':uid': user.id,
            ':email': user.email,
            ':emailClaim': keys.email(user.email).pk,
            ':rate': 'RATE#',
          },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...((res.Items ?? []) as StoredItem[]).filter((i) => belongsTo(i, user)));
      start = res.LastEvaluatedKey;
    } while (start);
    return items;
  }

  async findUserItems(user: Pick<User, 'id' | 'email'>): Promise<StoredItem[]> {
    const found = [
      ...(await this.partition(user.id)),
      ...(
        await Promise.all(Array.from({ length: SCAN_SEGMENTS }, (_, i) => this.scanSegment(user, i)))
      ).flat(),
    ];
    const unique = new Map(found.map((i) => [`${i.pk}\u0000${i.sk}`, i]));
    return [...unique.values()];
  }

  async deleteItems(items: readonly Pick<StoredItem, 'pk' | 'sk'>[]): Promise<void> {
    for (let i = 0; i < items.length; i += 25) {
      let requests: Record<string, unknown>[] | undefined = items
        .slice(i, i + 25)
        .map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
      for (let attempt = 0; requests?.length; attempt++) {
        if (attempt > 8) throw new Error(`DynamoDB left ${requests.length} deletions unprocessed`);
        if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const res = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests as never } }),
        );
        requests = res.UnprocessedItems?.[this.table] as Record<string, unknown>[] | undefined;
      }
    }
  }

  async startDeletion(userId: string, sessionVersion: number, now: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.user(userId),
          UpdateExpression: 'SET session_version = session_version + :one, deletion_started_at = :now',
          ConditionExpression: 'session_version = :v',
          ExpressionAttributeValues: { ':one': 1, ':v': sessionVersion, ':now': now },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async saveDeletionCode(userId: string, codeHash: string, expiresAt: number): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: keys.user(userId).pk,
          sk: ERASE_LINK_SK,
          code_hash: codeHash,
          link_expires_at: expiresAt,
          [TTL_ATTRIBUTE]: expiresAt + 3600,
        },
      }),
    );
  }

  async deletionCodeOf(userId: string, now: number): Promise<string | null> {
    const res = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: keys.user(userId).pk, sk: ERASE_LINK_SK },
        ConsistentRead: true,
      }),
    );
    const item = res.Item;
    return item && typeof item.code_hash === 'string' && Number(item.link_expires_at) > now
      ? item.code_hash
      : null;
  }

  async saveExport(userId: string, r: ExportRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: keys.user(userId).pk,
          sk: `EXPORT#${r.id}`,
          export_id: r.id,
          object_key: r.key,
          size: r.size,
          created_at: r.createdAt,
          [TTL_ATTRIBUTE]: r.expiresAt,
        },
      }),
    );
  }

  async getExport(userId: string, exportId: string, now: number): Promise<ExportRecord | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(exportId)) return null;
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: keys.user(userId).pk, sk: `EXPORT#${exportId}` } }),
    );
    const i = res.Item;
    if (!i || Number(i[TTL_ATTRIBUTE]) <= now) return null;
    return {
      id: String(i.export_id),
      key: String(i.object_key),
      size: Number(i.size),
      createdAt: Number(i.created_at),
      expiresAt: Number(i[TTL_ATTRIBUTE]),
    };
  }
}
