// Runs a transaction that changes a balance read just before: the balance is a condition of the
// transaction, so if anything changed it in between, or another transaction met this one, read and try
// again. Conditions that mean "already done" end the loop with the caller's answer.
import {
  type DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { failedConditions, isConditionFailure, isTransactionConflict } from './conditions.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Attempt<R> {
  items: TransactItem[];
  /** what the transaction means when it goes through */
  done: R;
  /** what a failed condition at this position means; positions not listed: the read is stale, retry */
  failedAt?: Record<number, R>;
}

const MAX_ATTEMPTS = 12;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function transactWithRetry<R>(
  db: DynamoDBDocumentClient,
  build: () => Promise<Attempt<R> | R>,
  maxAttempts = MAX_ATTEMPTS,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const plan = await build();
    if (!isAttempt(plan)) return plan;
    try {
      await db.send(new TransactWriteCommand({ TransactItems: plan.items }));
      return plan.done;
    } catch (e) {
      const conflict = isTransactionConflict(e);
      if (!conflict && !isConditionFailure(e)) throw e;
      if (!conflict) {
        for (const i of failedConditions(e)) {
          const meaning = plan.failedAt?.[i];
          if (meaning !== undefined) return meaning;
        }
        if (!failedConditions(e).length) throw e;
      }
      if (attempt >= maxAttempts) throw e;
      // Jitter: concurrent deliveries of one event should not meet again on the next try.
      await pause(5 + Math.random() * 20 * attempt);
    }
  }
}

function isAttempt<R>(v: Attempt<R> | R): v is Attempt<R> {
  return typeof v === 'object' && v !== null && 'items' in v && 'done' in v;
}
