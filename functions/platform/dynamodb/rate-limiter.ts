import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock, CounterOwner, RateLimiter, RateVerdict } from '../domain/ports.ts';
import { isConditionFailure, writtenUnlessConditionFails } from './conditions.ts';
import { accountOwner, emailOwner, keys, OWNER_ATTRIBUTE, TTL_ATTRIBUTE } from './keys.ts';

interface Counter {
  hits: number;
  window_start: number;
}

const counterOf = (item: Record<string, unknown> | undefined): Counter | null =>
  item && typeof item.hits === 'number' && typeof item.window_start === 'number'
    ? { hits: item.hits, window_start: item.window_start }
    : null;

/**
 * The item a failed condition returns (ReturnValuesOnConditionCheckFailure): the document client does not
 * convert errors, so its numbers are still DynamoDB's `{ N: "…" }`.
 */
const counterInFailure = (e: unknown): Counter | null => {
  const item = (e as { Item?: Record<string, { N?: string } | undefined> }).Item;
  const hits = item?.hits?.N;
  const start = item?.window_start?.N;
  return hits !== undefined && start !== undefined
    ? { hits: Number(hits), window_start: Number(start) }
    : null;
};

/**
 * Counters whose window starts at its first attempt (not at a clock boundary): `limit` attempts within
 * `windowSeconds` of the first, never twice the limit across a boundary. One item per counter; the
 * conditional writes keep the count exact under concurrency.
 */
export class DynamoRateLimiter implements RateLimiter {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly clock: Clock;

  constructor(db: DynamoDBDocumentClient, table: string, clock: Clock) {
    this.db = db;
    this.table = table;
    this.clock = clock;
  }

  async hit(
    bucket: string,
    key: string,
    limit: number,
    windowSeconds: number,
    owner?: CounterOwner,
    count = 1,
  ): Promise<RateVerdict> {
    if (count > limit) return { allowed: false, retryAfterSeconds: windowSeconds };
    const ownerKey = owner && ('userId' in owner ? accountOwner(owner.userId) : emailOwner(owner.email));
    const names = { '#ttl': TTL_ATTRIBUTE, ...(ownerKey ? { '#owner': OWNER_ATTRIBUTE } : {}) };
    const setOwner = ownerKey ? ', #owner = :owner' : '';
    // A few tries: each one that fails has seen another request start the window or make room in it.
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = this.clock.now();
      let current: Counter | null;
      try {
        // Counted in the running window when it has room (hits + count <= limit, written without addition).
        const res = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.rate(bucket, key),
            UpdateExpression: 'ADD hits :count',
            ConditionExpression: 'window_start > :expired AND hits <= :room',
            ExpressionAttributeValues: {
              ':count': count,
              ':room': limit - count,
              ':expired': now - windowSeconds,
            },
            ReturnValues: 'ALL_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        const counted = counterOf(res.Attributes);
        return { allowed: true, retryAfterSeconds: this.left(counted, now, windowSeconds) };
      } catch (e) {
        if (!isConditionFailure(e)) throw e;
        current = counterInFailure(e) ?? (await this.read(bucket, key));
      }
      if (current && current.window_start > now - windowSeconds) {
        // A window is running: full, or started by another request since this one tried (count again).
        if (current.hits + count > limit)
          return { allowed: false, retryAfterSeconds: this.left(current, now, windowSeconds) };
        continue;
      }
      try {
        // No window running: this attempt starts one.
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.rate(bucket, key),
            UpdateExpression: `SET hits = :count, window_start = :now, #ttl = :ttl${setOwner}`,
            ConditionExpression: 'attribute_not_exists(window_start) OR window_start <= :expired',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ':count': count,
              ':now': now,
              ':expired': now - windowSeconds,
              ':ttl': now + windowSeconds * 2,
              ...(ownerKey ? { ':owner': ownerKey } : {}),
            },
          }),
        );
        return { allowed: true, retryAfterSeconds: windowSeconds };
      } catch (e) {
        if (!isConditionFailure(e)) throw e;
      }
    }
    return { allowed: false, retryAfterSeconds: windowSeconds };
  }

  async release(bucket: string, key: string, windowSeconds: number): Promise<void> {
    // A condition that fails means nothing is counted in a running window (it ended since the hit): nothing
    // to give back.
    await writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.rate(bucket, key),
          UpdateExpression: 'ADD hits :minus',
          ConditionExpression: 'hits > :zero AND window_start > :expired',
          ExpressionAttributeValues: {
            ':minus': -1,
            ':zero': 0,
            ':expired': this.clock.now() - windowSeconds,
          },
        }),
      ),
    );
  }

  async peek(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const now = this.clock.now();
    const current = await this.read(bucket, key);
    if (!current || current.window_start <= now - windowSeconds)
      return { allowed: true, retryAfterSeconds: windowSeconds };
    return { allowed: current.hits < limit, retryAfterSeconds: this.left(current, now, windowSeconds) };
  }

  /** Seconds until the running window ends (at least one). */
  private left(counter: Counter | null, now: number, windowSeconds: number): number {
    return counter ? Math.max(1, counter.window_start + windowSeconds - now) : windowSeconds;
  }

  private async read(bucket: string, key: string): Promise<Counter | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.rate(bucket, key), ConsistentRead: true }),
    );
    return counterOf(res.Item);
  }
}
