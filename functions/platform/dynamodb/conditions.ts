import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** A conditional write (or one item of a transaction) lost its condition. */
export const isConditionFailure = (e: unknown): boolean =>
  (e instanceof TransactionCanceledException &&
    (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')) ||
  (e instanceof Error && e.name === 'ConditionalCheckFailedException');

/** Which items of a cancelled transaction failed their condition, by position. */
export const failedConditions = (e: unknown): number[] =>
  e instanceof TransactionCanceledException
    ? (e.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []))
    : [];

/** A transaction that met another one on the same items: safe to run again. */
export const isTransactionConflict = (e: unknown): boolean =>
  (e instanceof TransactionCanceledException &&
    (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')) ||
  (e instanceof Error && e.name === 'TransactionConflictException');

/** Runs a conditional write: true once written, false when its condition failed; any other error throws. */
export async function writtenUnlessConditionFails(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
