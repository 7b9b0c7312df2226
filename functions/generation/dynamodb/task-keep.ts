// "Keep it anyway" (functions/generation/domain/keep-anyway.ts): a withheld avatar's tokens taken again and
// the avatar unlocked, in one transaction conditioned on the task still being withheld and on the balance as
// read. Two calls at once: one transaction goes through, the other finds the task kept and debits nothing.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Attempt,
  type TransactItem,
  transactWithRetry,
} from '#platform/dynamodb/balance-transaction.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { splitDebit } from '../domain/debit.ts';
import { isWithheld, type KeepOutcome } from '../domain/tasks.ts';
import { toTask } from './task-items.ts';
import { balanceSet, ledgerLines, readBalance } from './task-money.ts';
import { memberAllowanceChange } from './team-allowance.ts';

/** Concurrent writes to one balance each retry until the balance they read holds. */
const BALANCE_ATTEMPTS = 60;

export function keepTask(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  taskId: string,
  now: number,
  ledgerEntryIds: { subscription: string; ltd: string },
): Promise<KeepOutcome> {
  const notWithheld: KeepOutcome = { outcome: 'not-withheld' };
  return transactWithRetry<KeepOutcome>(
    db,
    async () => {
      const res = await db.send(
        new GetCommand({ TableName: table, Key: keys.task(userId, taskId), ConsistentRead: true }),
      );
      if (!res.Item) return { outcome: 'not-found' };
      const task = toTask(res.Item);
      if (!isWithheld(task)) return notWithheld;
      const kept: TransactItem = {
        Update: {
          TableName: table,
          Key: keys.task(userId, taskId),
          UpdateExpression: 'SET kept_at = :now, updated_at = :now',
          ConditionExpression:
            '#status = :done AND likeness_refunded = :yes AND attribute_not_exists(kept_at)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': now, ':done': 'DONE', ':yes': true },
        },
      };
      // A team avatar is kept with one avatar of the team allowance the guarantee gave it back to.
      const balance = await readBalance(db, table, userId);
      if (task.team) {
        const teamKeep: Attempt<KeepOutcome> = {
          items: [kept, memberAllowanceChange(table, task.team, { avatars: -1 })],
          done: { outcome: 'kept', tokensSpent: 0, balanceAfter: balance.subscription + balance.ltd },
          failedAt: { 0: notWithheld, 1: { outcome: 'allowance-short' } },
        };
        return teamKeep;
      }
      const debit = splitDebit([task.tokenCost], balance)?.[0];
      if (!debit)
        return { outcome: 'short', needed: task.tokenCost, available: balance.subscription + balance.ltd };
      const after = { subscription: balance.subscription - debit.subscription, ltd: balance.ltd - debit.ltd };
      return {
        items: [
          {
            Update: {
              TableName: table,
              Key: keys.task(userId, taskId),
              UpdateExpression: 'SET kept_at = :now, updated_at = :now',
              ConditionExpression:
                '#status = :done AND likeness_refunded = :yes AND attribute_not_exists(kept_at)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':now': now, ':done': 'DONE', ':yes': true },
            },
          },
          balanceSet(table, userId, balance, after),
          ...ledgerLines(table, userId, 'likeness_keep', debit, after, ledgerEntryIds, now, { taskId }),
        ],
        done: {
          outcome: 'kept',
          tokensSpent: task.tokenCost,
          balanceAfter: after.subscription + after.ltd,
        },
        // The task no longer withheld: another call kept it first.
        failedAt: { 0: notWithheld },
      };
    },
    BALANCE_ATTEMPTS,
  );
}
