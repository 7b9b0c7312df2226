// The daily provider-call counters: one transaction adds to the stage's counter and the account's, each
// conditioned on staying within its cap, so concurrent batches can never pass a cap together.
import {
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { BudgetReservation, ProviderBudgetStore } from '../../domain/generation/provider-budget.ts';
import { failedConditions, isTransactionConflict } from './conditions.ts';
import { keys, TTL_ATTRIBUTE } from './keys.ts';

const addWithin = (table: string, key: Record<string, string>, calls: number, cap: number, ttl: number) => ({
  Update: {
    TableName: table,
    Key: key,
    UpdateExpression: 'ADD calls :n SET #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(calls) OR calls <= :room',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':n': calls, ':room': cap - calls, ':ttl': ttl },
  },
});

export class DynamoProviderBudgetStore implements ProviderBudgetStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async reserve(input: Parameters<ProviderBudgetStore['reserve']>[0]): Promise<BudgetReservation> {
    const { userId, day, calls, limits, expiresAt } = input;
    if (calls > limits.perAccountPerDay) return { outcome: 'account-cap-reached' };
    if (calls > limits.overallPerDay) return { outcome: 'overall-cap-reached' };
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              addWithin(
                this.table,
                keys.accountProviderBudget(userId, day),
                calls,
                limits.perAccountPerDay,
                expiresAt,
              ),
              addWithin(this.table, keys.providerBudget(day), calls, limits.overallPerDay, expiresAt),
            ],
          }),
        );
        break;
      } catch (e) {
        const failed = failedConditions(e);
        if (failed.includes(0)) return { outcome: 'account-cap-reached' };
        if (failed.includes(1)) return { outcome: 'overall-cap-reached' };
        // Two batches met on the overall counter: both may fit, so try again (a few times).
        if (isTransactionConflict(e) && attempt < 5) continue;
        throw e;
      }
    }
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.providerBudget(day), ProjectionExpression: 'calls' }),
    );
    return { outcome: 'reserved', overallUsed: typeof res.Item?.calls === 'number' ? res.Item.calls : calls };
  }

  async release(input: { userId: string; day: string; calls: number }): Promise<void> {
    for (const key of [keys.accountProviderBudget(input.userId, input.day), keys.providerBudget(input.day)]) {
      await this.db
        .send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression: 'ADD calls :minus',
            ConditionExpression: 'calls >= :n',
            ExpressionAttributeValues: { ':minus': -input.calls, ':n': input.calls },
          }),
        )
        .catch((e: unknown) => {
          // Already released, or the day's counter expired: nothing to give back.
          if (!(e instanceof Error && e.name === 'ConditionalCheckFailedException')) throw e;
        });
    }
  }
}
