// Favourites (issue 20): a star on each finished avatar, kept by the server on the task, so it follows the
// user to every device. The star changes on screen at once (every list read so far shows it), goes back if
// the server refuses, and the lists not on screen are read again when next shown.
import type { InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { queryClient } from '../../../lib/server-state.tsx';
import type { Task } from './tasks.ts';

type TaskPages = InfiniteData<{ tasks: Task[]; next_cursor?: string | null }>;

function show(taskId: string, favourite: boolean): void {
  queryClient.setQueriesData<TaskPages>({ queryKey: routeKey('userTasks') }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            tasks: page.tasks.map((t) => (t.id === taskId ? { ...t, favourite } : t)),
          })),
        }
      : data,
  );
}

/** Stars or unstars the task; throws (after putting the star back) when the server did not keep it. */
export async function setFavourite(task: Task, favourite: boolean): Promise<void> {
  show(task.id, favourite);
  try {
    await api('setFavourite', { params: { taskId: task.id }, body: { favourite } });
  } catch (e) {
    show(task.id, !favourite);
    throw e;
  }
  // The list on screen already shows it (and keeps an unstarred card until the user leaves, so a slip can be
  // undone); the others are read again when shown.
  void queryClient.invalidateQueries({ queryKey: routeKey('userTasks'), refetchType: 'inactive' });
}
