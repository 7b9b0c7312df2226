// "Chosen for my team" (docs/product.md, "Teams"): a member marks one finished team avatar as the one their
// team gets (PUT /aivatar/tasks/{taskId}/chosen); the server keeps one per member, so choosing another
// takes the mark off the first. Like the star (api/favourites.ts), it shows at once in every list read so
// far and goes back, with a toast, if the server refuses.
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { invalidateRoutes } from '../../../lib/server-state.tsx';
import { toast } from '../../../lib/toasts.ts';
import type { Task } from './tasks.ts';

type TaskPages = InfiniteData<{ tasks: Task[]; next_cursor?: string | null }>;

/** Which task of the team is chosen in every cached list: `chosenId`, or none. */
function show(client: QueryClient, teamId: string, chosenId: string | null): void {
  client.setQueriesData<TaskPages>({ queryKey: routeKey('userTasks') }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            tasks: page.tasks.map((t) =>
              t.team_id === teamId ? { ...t, team_chosen: t.id === chosenId } : t,
            ),
          })),
        }
      : data,
  );
}

interface Change {
  task: Task;
  chosen: boolean;
  /** the task chosen before, if any (to put back on an error) */
  before: string | null;
}

export function useSetChosen() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ task, chosen }: Change) =>
      api('setChosen', { params: { taskId: task.id }, body: { chosen } }),
    onMutate: async ({ task, chosen }: Change) => {
      await client.cancelQueries({ queryKey: routeKey('userTasks') });
      show(client, task.team_id ?? '', chosen ? task.id : null);
    },
    onSuccess: (_answer, { chosen }) => {
      if (chosen) toast.success(t('gallery.chosenForTeamDone'));
    },
    onError: (error, { task, before }) => {
      show(client, task.team_id ?? '', before);
      console.error('Chosen for my team', task.id, error);
      toast.error(t('gallery.chosenForTeamFailed'));
    },
    onSettled: () => invalidateRoutes('myTeam'),
  });
}
