// Deleting a user's items by key, 25 a call (BatchWriteItem): only the deletion job holds this.
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#platform/dynamodb/keys.ts';
import type { ItemKey, PersonalDataEraser } from '../domain/ports.ts';

const BATCH_WRITE = 25;

export class DynamoPersonalDataEraser implements PersonalDataEraser {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async deleteKeys(items: readonly ItemKey[]): Promise<void> {
    for (let i = 0; i < items.length; i += BATCH_WRITE) {
      let requests: Record<string, unknown>[] | undefined = items
        .slice(i, i + BATCH_WRITE)
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

  deleteAccountRecord(userId: string): Promise<void> {
    return this.deleteKeys([keys.user(userId)]);
  }
}
