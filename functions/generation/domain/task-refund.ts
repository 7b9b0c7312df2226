// A task that will not finish fails with its refund: its tokens go back to the pools they came from, with a
// ledger entry each, once. The store's transaction is conditioned on the task still being pending, so the
// worker, the create path, the dead-letter handler and the sweeper can race for it and only one refunds.
import type { Metrics } from '#platform/domain/metrics.ts';
import type { Ids } from '#platform/domain/ports.ts';
import type { TaskErrorCode, TaskStore } from './tasks.ts';

interface RefundDeps {
  tasks: Pick<TaskStore, 'fail'>;
  ids: Ids;
  metrics?: Metrics;
}

/** True when this call failed and refunded the task; false when it had finished already. */
export async function failWithRefund(
  deps: RefundDeps,
  userId: string,
  taskId: string,
  code: TaskErrorCode,
  now: number,
  only: { attempt?: number; onlyPastDeadline?: boolean } = {},
): Promise<boolean> {
  const failed = await deps.tasks.fail(userId, taskId, code, now, {
    ...only,
    ledgerEntryIds: { subscription: deps.ids.newId(), ltd: deps.ids.newId() },
  });
  if (failed) {
    deps.metrics?.record('TasksFailed');
    deps.metrics?.record('TasksRefunded');
  }
  return failed;
}
