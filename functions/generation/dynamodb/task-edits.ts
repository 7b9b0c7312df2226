// A new version of a finished avatar (functions/generation/domain/edits.ts, docs/data-model.md "Versions"):
// one transaction debits the edit (the balance as read), writes its ledger entries, a batch of one, the
// version's TODO task and the avatar's edit counter on its original task, and the idempotency record. The
// counter is set from the value read (`edit_count = :n`), so two edits asked at once cannot take one version
// number or pass MAX_EDITS_PER_AVATAR together: the one that loses reads the counter again.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { type Balance, splitDebit } from '../domain/debit.ts';
import type { CreateEditOutcome, NewEdit } from '../domain/tasks.ts';
import {
  balanceSet,
  idempotencyPut,
  ledgerLines,
  newBatchPut,
  newTaskItem,
  readBalance,
  readIdempotency,
} from './task-money.ts';

/** Edits asked at once of one avatar each retry until the counter they read holds, or the cap is met. */
const EDIT_ATTEMPTS = 60;

/** The original's edits so far; null when it is gone. */
async function readEditCount(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  rootId: string,
): Promise<number | null> {
  const res = await db.send(
    new GetCommand({
      TableName: table,
      Key: keys.task(userId, rootId),
      ConsistentRead: true,
      ProjectionExpression: 'edit_count',
    }),
  );
  return res.Item ? Number(res.Item.edit_count ?? 0) : null;
}

export async function createEdit(
  db: DynamoDBDocumentClient,
  table: string,
  e: NewEdit,
): Promise<CreateEditOutcome> {
  const idem = e.idempotency;
  const repeat = async (): Promise<CreateEditOutcome | null> => {
    if (!idem) return null;
    const found = await readIdempotency(db, table, e.userId, idem.key, e.createdAt);
    if (!found) return null;
    const balance = await readBalance(db, table, e.userId);
    return {
      outcome: 'repeat',
      taskId: found.task_ids[0] ?? '',
      version: Number((found as { version?: number }).version ?? 0),
      requestHash: found.request_hash,
      balanceAfter: balance.subscription + balance.ltd,
    };
  };
  const cost = e.task.tokenCost;
  const batch = {
    id: e.batchId,
    taskIds: [e.task.id],
    totalCost: cost,
    createdAt: e.createdAt,
    kind: 'edit' as const,
  };
  type Step = CreateEditOutcome | 'repeat';
  const result = await transactWithRetry<Step>(
    db,
    async () => {
      const earlier = await repeat();
      if (earlier) return earlier;
      const [count, balance] = await Promise.all([
        readEditCount(db, table, e.userId, e.edit.rootId),
        readBalance(db, table, e.userId),
      ]);
      if (count === null) return { outcome: 'not-found' };
      if (count >= e.maxEdits) return { outcome: 'limit' };
      const debits = splitDebit([cost], balance);
      if (!debits) return { outcome: 'short', needed: cost, available: balance.subscription + balance.ltd };
      const debit = debits[0] as Balance;
      const after = { subscription: balance.subscription - debit.subscription, ltd: balance.ltd - debit.ltd };
      const version = count + 2;
      const items: TransactItem[] = [
        balanceSet(table, e.userId, balance, after),
        ...ledgerLines(table, e.userId, 'edit', debit, after, e.ledgerEntryIds, e.createdAt, {
          batchId: e.batchId,
        }),
        newBatchPut(table, e.userId, batch),
        {
          Put: {
            TableName: table,
            Item: {
              ...newTaskItem(e.userId, e.batchId, e.task, debit, null, e.createdAt),
              version,
              edit_of: e.edit.editOf,
              root_id: e.edit.rootId,
              edit: e.edit.spec,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // The avatar's counter, from the value read: a concurrent edit that took it first makes this fail,
        // and the next attempt reads it again (and meets the cap there).
        {
          Update: {
            TableName: table,
            Key: keys.task(e.userId, e.edit.rootId),
            UpdateExpression: 'SET edit_count = :next',
            ConditionExpression:
              count === 0
                ? 'attribute_exists(pk) AND (attribute_not_exists(edit_count) OR edit_count = :n)'
                : 'attribute_exists(pk) AND edit_count = :n',
            ExpressionAttributeValues: { ':n': count, ':next': count + 1 },
          },
        },
      ];
      const failedAt: Record<number, Step> = {};
      if (idem) {
        failedAt[items.length] = 'repeat';
        items.push(idempotencyPut(table, e.userId, idem, batch, { version }));
      }
      return {
        items,
        done: { outcome: 'created', version, balanceAfter: after.subscription + after.ltd },
        failedAt,
      };
    },
    EDIT_ATTEMPTS,
  );
  if (result !== 'repeat') return result;
  const earlier = await repeat();
  if (!earlier) throw new Error('Idempotency record vanished while answering a repeat');
  return earlier;
}
