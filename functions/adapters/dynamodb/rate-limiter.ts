import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock, RateLimiter } from '../../domain/ports.ts';
import { keys, TTL_ATTRIBUTE } from './keys.ts';

/** Fixed-window counters; the conditional ADD keeps the count exact under concurrency. */
export class DynamoRateLimiter implements RateLimiter {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly clock: Clock;

  constructor(db: DynamoDBDocumentClient, table: string, clock: Clock) {
    this.db = db;
    this.table = table;
    this.clock = clock;
  }

  async hit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const now = this.clock.now();
    const windowStart = now - (now % windowSeconds);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.rate(bucket, key, windowStart),
          UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowStart + windowSeconds * 2 },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof Error && e.name === 'ConditionalCheckFailedException') return false;
      throw e;
    }
  }
}
