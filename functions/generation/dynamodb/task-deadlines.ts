// The sweeper's read: pending tasks by deadline in gsi1 (keys.taskDeadline), each shard in deadline order.
// Only the sweeper queries the index, so only its function is granted it.
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#platform/dynamodb/keys.ts';
import type { OverdueTasks } from '../domain/tasks.ts';

export class DynamoOverdueTasks implements OverdueTasks {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async overdue(now: number, limit: number): Promise<{ userId: string; taskId: string }[]> {
    const found: { userId: string; taskId: string }[] = [];
    for (let shard = 0; shard < keys.taskDeadlineShards && found.length < limit; shard++) {
      const res = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: 'gsi1',
          // gsi1sk starts with the deadline's 12 digits: below `now`'s digits means the deadline passed.
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :now',
          ExpressionAttributeValues: {
            ':pk': keys.taskDeadline(shard, 0, '', '').gsi1pk,
            ':now': String(now).padStart(12, '0'),
          },
          ProjectionExpression: 'user_id, id',
          Limit: limit - found.length,
        }),
      );
      for (const i of res.Items ?? []) found.push({ userId: String(i.user_id), taskId: String(i.id) });
    }
    return found;
  }
}
