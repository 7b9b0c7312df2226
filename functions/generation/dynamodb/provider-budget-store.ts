// The daily provider-call counters: the account's counter, then the stage's, each added to by one
// conditional UpdateItem that holds only while the counter stays within its cap, so concurrent batches can
// never pass a cap together. Not one transaction: every batch of every account adds to the stage's counter,
// and transactions that meet on one item cancel each other (TransactionConflict), while single-item writes
// to it simply queue. A batch the stage refuses gives the account's calls back.
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { BudgetReservation, ProviderBudgetStore } from '../domain/provider-budget.ts';

export class DynamoProviderBudgetStore implements ProviderBudgetStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  /** Adds `calls` to the counter if it stays within `cap`: its new value, or null when it would not. */
  private async addWithin(key: Record<string, string>, calls: number, cap: number, ttl: number) {
    try {
      const res = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'ADD calls :n SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(calls) OR calls <= :room',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':n': calls, ':room': cap - calls, ':ttl': ttl },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return typeof res.Attributes?.calls === 'number' ? res.Attributes.calls : calls;
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }

  async reserve(input: Parameters<ProviderBudgetStore['reserve']>[0]): Promise<BudgetReservation> {
    const { userId, day, calls, limits, expiresAt } = input;
    if (calls > limits.perAccountPerDay) return { outcome: 'account-cap-reached' };
    if (calls > limits.overallPerDay) return { outcome: 'overall-cap-reached' };
    const account = keys.accountProviderBudget(userId, day);
    if ((await this.addWithin(account, calls, limits.perAccountPerDay, expiresAt)) === null)
      return { outcome: 'account-cap-reached' };
    let overallUsed: number | null;
    try {
      overallUsed = await this.addWithin(keys.providerBudget(day), calls, limits.overallPerDay, expiresAt);
    } catch (e) {
      // The stage's counter could not be read or written: the account's calls go back, and that error is
      // the one to report (were the giving back to fail too, the count expires with the day).
      await this.giveBack(account, calls).catch(() => undefined);
      throw e;
    }
    if (overallUsed === null) {
      await this.giveBack(account, calls);
      return { outcome: 'overall-cap-reached' };
    }
    return { outcome: 'reserved', overallUsed };
  }

  private async giveBack(key: Record<string, string>, calls: number): Promise<void> {
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'ADD calls :minus',
          ConditionExpression: 'calls >= :n',
          ExpressionAttributeValues: { ':minus': -calls, ':n': calls },
        }),
      )
      .catch((e: unknown) => {
        // Already released, or the day's counter expired: nothing to give back.
        if (!isConditionFailure(e)) throw e;
      });
  }

  async release(input: { userId: string; day: string; calls: number }): Promise<void> {
    await this.giveBack(keys.accountProviderBudget(input.userId, input.day), input.calls);
    await this.giveBack(keys.providerBudget(input.day), input.calls);
  }
}
