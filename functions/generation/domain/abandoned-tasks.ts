// The two ways a task that no worker will finish ends: its message reached the dead-letter queue (3
// deliveries failed), or it is still pending past its deadline (the sweeper; a lost message, a crash).
// Both fail it with its refund, once: the store's transaction is conditioned on the task being pending,
// so the worker, the dead-letter handler and the sweeper can race for it and only one refunds.
import type { Ids, Log } from '#platform/domain/ports.ts';
import { afterTaskFinished, type FinishDeps } from './task-finished.ts';
import type { TaskMessage } from './task-queue.ts';
import { failWithRefund } from './task-refund.ts';
import type { OverdueTasks, TaskStore } from './tasks.ts';

export interface AbandonDeps extends FinishDeps {
  tasks: TaskStore;
  ids: Ids;
  log: Log;
}

/** A message in the dead-letter queue: its task fails and is refunded if still pending. */
export async function deadLetter(deps: AbandonDeps, message: TaskMessage): Promise<boolean> {
  const failed = await failWithRefund(deps, message.userId, message.taskId, 'dead-letter', deps.clock.now());
  deps.log(
    failed ? 'error' : 'info',
    failed ? 'dead-lettered task failed and refunded' : 'dead letter for a finished task',
    {
      ...message,
    },
  );
  if (failed) {
    const task = await deps.tasks.get(message.userId, message.taskId);
    if (task) await afterTaskFinished(deps, task.userId, task.batchId);
  }
  return failed;
}

/** Fails every task pending past its deadline; how many it failed. */
export async function sweepOverdueTasks(
  deps: AbandonDeps & { deadlines: OverdueTasks },
  limit = 200,
): Promise<number> {
  const now = deps.clock.now();
  let failed = 0;
  for (const t of await deps.deadlines.overdue(now, limit)) {
    const ok = await failWithRefund(deps, t.userId, t.taskId, 'timed-out', now, { onlyPastDeadline: true });
    if (!ok) continue;
    failed++;
    deps.log('error', 'task pending past its deadline: failed and refunded', t);
    const task = await deps.tasks.get(t.userId, t.taskId);
    if (task) await afterTaskFinished(deps, task.userId, task.batchId);
  }
  return failed;
}
