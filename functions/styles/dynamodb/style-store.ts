// Writing styles to the table (reading them: style-reader.ts). Ids come from an atomic counter; seeding
// claims each catalogue key with a conditional put in the same transaction as the style, so concurrent
// seeders add each style once.
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '#platform/dynamodb/batch-get.ts';
import { isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import type { NewStyle, Style } from '../domain/style.ts';
import type { SeedResult, StyleStore } from '../domain/style-store.ts';
import { toItem } from './style-items.ts';
import { DynamoStyleReader } from './style-reader.ts';

const now = () => Math.floor(Date.now() / 1000);

export class DynamoStyleStore extends DynamoStyleReader implements StyleStore {
  async create(style: NewStyle): Promise<Style> {
    const created = { ...style, id: await this.nextId(), createdAt: now(), updatedAt: now() };
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.style(created.id), ...toItem(created) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return created;
  }

  async seed(styles: readonly NewStyle[]): Promise<SeedResult> {
    const seeded = await this.seededKeys(styles.map((s) => seedKey(s)));
    const result: SeedResult = { added: [], kept: [] };
    // One at a time, in catalogue order, so a fresh table numbers the styles as the catalogue lists them.
    for (const style of styles) {
      const key = seedKey(style);
      if (seeded.has(key)) {
        result.kept.push(key);
        continue;
      }
      const created = { ...style, id: await this.nextId(), createdAt: now(), updatedAt: now() };
      try {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: this.table,
                  Item: { ...keys.styleSeed(key), style_id: created.id, seeded_at: created.createdAt },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: this.table,
                  Item: { ...keys.style(created.id), ...toItem(created) },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
        result.added.push(key);
      } catch (e) {
        // Another seeder claimed this key first: its style stands (this run's id stays unused).
        if (!isConditionFailure(e)) throw e;
        result.kept.push(key);
      }
    }
    return result;
  }

  /** The next id from the table's counter: an atomic ADD, so concurrent creators never share one. */
  private async nextId(): Promise<number> {
    const res = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.styleCounter,
        UpdateExpression: 'ADD last_id :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const id = res.Attributes?.last_id;
    if (typeof id !== 'number') throw new Error('The style counter did not return a number');
    return id;
  }

  private async seededKeys(catalogueKeys: string[]): Promise<Set<string>> {
    const items = await batchGet(
      this.db,
      this.table,
      catalogueKeys.map((k) => keys.styleSeed(k)),
    );
    return new Set(items.map((item) => String(item.pk).slice('STYLE_SEED#'.length)));
  }
}

function seedKey(style: NewStyle): string {
  if (!style.key) throw new Error(`Only catalogue styles are seeded; ${style.name} has no key`);
  return style.key;
}
