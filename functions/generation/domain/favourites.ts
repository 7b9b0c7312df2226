// Favourites: the user stars the avatars worth keeping. The star is kept on the task in its owner's
// partition, written under a condition on the task's key and status, so nobody stars (or learns about) a task
// that is not theirs, and it follows the user to every device.
import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, User } from '#platform/domain/ports.ts';
import { withheldError } from './keep-anyway.ts';
import { isTaskId } from './task-names.ts';
import type { TaskStore } from './tasks.ts';

export interface FavouriteDeps {
  tasks: Pick<TaskStore, 'setFavourite'>;
  clock: Clock;
}

export async function setFavourite(
  deps: FavouriteDeps,
  user: User,
  taskId: string,
  favourite: boolean,
): Promise<{ success: boolean; task_id: string; favourite: boolean }> {
  const outcome = isTaskId(taskId)
    ? await deps.tasks.setFavourite(user.id, taskId, favourite, deps.clock.now())
    : 'not-found';
  if (outcome === 'not-found') throw new DomainError('NOT_FOUND', 'Avatar not found.');
  if (outcome === 'not-finished')
    throw new DomainError('VALIDATION_FAILED', 'Only a finished avatar can be a favourite.');
  if (outcome === 'withheld') throw withheldError();
  return { success: true, task_id: taskId, favourite };
}
