// Reads styles back from the table, checked (style-items.ts). The avatars function needs only this; the
// writer (style-store.ts) is bundled where styles are created or seeded.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '#platform/dynamodb/batch-get.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { queryPages } from '#platform/dynamodb/query-pages.ts';
import type { Style } from '../domain/style.ts';
import type { StyleReader } from '../domain/style-store.ts';
import { toStyle } from './style-items.ts';

export class DynamoStyleReader implements StyleReader {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async listAll(o: { consistent?: boolean } = {}): Promise<Style[]> {
    const styles: Style[] = [];
    for await (const items of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.stylePartition },
      ConsistentRead: o.consistent === true,
    }))
      styles.push(...items.map(toStyle));
    return styles;
  }

  async get(id: number): Promise<Style | null> {
    const res = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.style(id) }));
    return res.Item ? toStyle(res.Item) : null;
  }

  async getMany(ids: readonly number[]): Promise<Style[]> {
    const items = await batchGet(
      this.db,
      this.table,
      [...new Set(ids)].map((id) => keys.style(id)),
    );
    return items.map(toStyle);
  }
}
