// Favourites: a star on each finished avatar, kept by the server on the task, so it follows the
// user to every device. A TanStack Query mutation (house style: one pattern for server state,
// lib/server-state.tsx): the star changes at once in every list read so far, goes back if the server
// refuses, and the lists not on screen are read again when next shown.
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toasts.ts';
import type { Task } from './tasks.ts';

type TaskPages = InfiniteData<{ tasks: Task[]; next_cursor?: string | null }>;

/** Shows the task starred or not in every list of tasks in the cache (all, favourites, each page). */
function show(client: QueryClient, taskId: string, favourite: boolean): void {
  client.setQueriesData<TaskPages>({ queryKey: routeKey('userTasks') }, (data) =>
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

interface Change {
  task: Task;
  favourite: boolean;
}

/** Stars or unstars a task; a star the server did not keep goes back, and a toast says so. */
export function useSetFavourite() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ task, favourite }: Change) =>
      api('setFavourite', { params: { taskId: task.id }, body: { favourite } }),
    onMutate: async ({ task, favourite }: Change) => {
      // A read of the list already on its way (the 15 s poll) would bring the old star back over the new one.
      await client.cancelQueries({ queryKey: routeKey('userTasks') });
      const before = task.favourite === true;
      show(client, task.id, favourite);
      return { before };
    },
    onError: (error, { task }, context) => {
      // Only this task's star goes back: a snapshot of the whole list would also undo another star changed
      // meanwhile.
      if (context) show(client, task.id, context.before);
      console.error('Favourite', task.id, error);
      toast.error(t('gallery.favouriteFailed'));
    },
    // The list on screen already shows it (and keeps an unstarred card until the user leaves, so a slip can
    // be undone); the others are read again when shown.
    onSettled: () => client.invalidateQueries({ queryKey: routeKey('userTasks'), refetchType: 'inactive' }),
  });
}
