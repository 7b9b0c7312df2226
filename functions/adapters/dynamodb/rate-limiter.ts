import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock, CounterOwner, RateLimiter, RateVerdict } from '../../domain/ports.ts';
import { accountOwner, emailOwner, keys, OWNER_ATTRIBUTE, TTL_ATTRIBUTE } from './keys.ts';

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

  private window(windowSeconds: number) {
    const now = this.clock.now();
    const start = now - (now % windowSeconds);
    return { start, retryAfterSeconds: start + windowSeconds - now };
  }

  async hit(
    bucket: string,
    key: string,
    limit: number,
    windowSeconds: number,
    owner?: CounterOwner,
    count = 1,
  ): Promise<RateVerdict> {
    const { start, retryAfterSeconds } = this.window(windowSeconds);
    if (count > limit) return { allowed: false, retryAfterSeconds };
    const ownerKey = owner && ('userId' in owner ? accountOwner(owner.userId) : emailOwner(owner.email));
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.rate(bucket, key, start),
          UpdateExpression: `ADD hits :count SET #ttl = :ttl${ownerKey ? ', #owner = :owner' : ''}`,
          // hits + count <= limit, written without addition (conditions cannot add).
          ConditionExpression: 'attribute_not_exists(hits) OR hits <= :room',
          ExpressionAttributeNames: {
            '#ttl': TTL_ATTRIBUTE,
            ...(ownerKey ? { '#owner': OWNER_ATTRIBUTE } : {}),
          },
          ExpressionAttributeValues: {
            ':count': count,
            ':room': limit - count,
            ':ttl': start + windowSeconds * 2,
            ...(ownerKey ? { ':owner': ownerKey } : {}),
          },
        }),
      );
      return { allowed: true, retryAfterSeconds };
    } catch (e) {
      if (e instanceof Error && e.name === 'ConditionalCheckFailedException') {
        return { allowed: false, retryAfterSeconds };
      }
      throw e;
    }
  }

  async release(bucket: string, key: string, windowSeconds: number): Promise<void> {
    const { start } = this.window(windowSeconds);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.rate(bucket, key, start),
          UpdateExpression: 'ADD hits :minus',
          ConditionExpression: 'hits > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      );
    } catch (e) {
      // Nothing counted in this window (it began since the hit): nothing to give back.
      if (e instanceof Error && e.name === 'ConditionalCheckFailedException') return;
      throw e;
    }
  }

  async peek(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const { start, retryAfterSeconds } = this.window(windowSeconds);
    const res = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.rate(bucket, key, start),
        ProjectionExpression: 'hits',
      }),
    );
    const hits = typeof res.Item?.hits === 'number' ? res.Item.hits : 0;
    return { allowed: hits < limit, retryAfterSeconds };
  }
}
