// One entry of an account's token ledger, written in the same transaction as the balance it explains. Its own
// module: the avatars function and the worker (refunds, edits) write entries without the billing credits'
// code (billing-credits.ts), whose DynamoDB actions those functions are not granted (infra/group-needs.ts).
import type { LedgerEntry } from '#shared/api-schemas.ts';
import type { TransactItem } from './balance-transaction.ts';
import { keys } from './keys.ts';

export interface LedgerLine {
  entryId: string;
  reason: LedgerEntry['reason'];
  pool: LedgerEntry['pool'];
  amount: number;
  balanceAfter: number;
  at: number;
  /** orders entries written in one transaction (same second): the lower sorts first */
  order?: number;
  /** what the entry paid for or gave back: a batch's debit, a task's refund (for support and audits) */
  batchId?: string;
  taskId?: string;
}

export function ledgerPut(table: string, userId: string, e: LedgerLine): TransactItem {
  const key = keys.ledger(userId, e.at, `${e.order ?? 0}#${e.entryId}`);
  return {
    Put: {
      TableName: table,
      Item: {
        ...key,
        entry_id: e.entryId,
        reason: e.reason,
        pool: e.pool,
        amount: e.amount,
        balance_after: e.balanceAfter,
        created_at: e.at,
        ...(e.batchId ? { batch_id: e.batchId } : {}),
        ...(e.taskId ? { task_id: e.taskId } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
