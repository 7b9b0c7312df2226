// The account's one pending deletion link (its code's SHA-256), in the account's partition.
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { DeletionCodes } from '../domain/ports.ts';

const ERASE_LINK_SK = 'ERASE_LINK';

export class DynamoDeletionCodes implements DeletionCodes {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
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
}
