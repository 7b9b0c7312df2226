// The user's avatar tasks (GET /aivatar/user-tasks): newest first, older pages on
// demand (`next_cursor`, beyond the original API), and read again every 15 s while any task is TODO or IN_PROGRESS
// and the tab is in view, stopping once none is. The favourites filter reads the starred ones only.
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResponseOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';
import { routeKey } from '../../../lib/query-keys.ts';

/** The gallery's poll interval. */
const POLL_INTERVAL_MS = 15_000;

/** The task as the gallery reads it: the product's fields and the ones the server adds beyond them. */
export type Task = ResponseOf<'userTasks'>['tasks'][number] & {
  render_kind?: 'ai' | 'preview-render';
  thumbnail_url?: string;
  image_url?: string;
  download_name?: string;
  token_cost?: number;
  refunded?: boolean;
  width?: number;
  height?: number;
};

type TaskPage = { tasks: Task[]; next_cursor?: string | null };

export const isPending = (task: Task): boolean => task.status === 'TODO' || task.status === 'IN_PROGRESS';

/** Every task of the pages read so far, once each (a task can move to the next page between two reads). */
function tasksOf(data: InfiniteData<TaskPage> | undefined): Task[] {
  const seen = new Set<string>();
  const tasks: Task[] = [];
  for (const page of data?.pages ?? []) {
    for (const task of page.tasks) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      tasks.push(task);
    }
  }
  return tasks;
}

/** Which tasks the gallery shows: all of them, or the starred ones. */
export type TaskFilter = 'all' | 'favourites';

export function useTasks(filter: TaskFilter = 'all') {
  const favourites = filter === 'favourites' ? 'true' : undefined;
  const query = useInfiniteQuery({
    queryKey: routeKey('userTasks', undefined, { favourites }),
    queryFn: ({ pageParam, signal }) =>
      api('userTasks', {
        signal,
        query: { cursor: pageParam ?? undefined, favourites },
      }) as Promise<TaskPage>,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // The poll reads the pages on screen again (the pending tasks are on the first, newest one).
    refetchInterval: (q) => (tasksOf(q.state.data).some(isPending) ? POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: false,
  });
  const tasks = useMemo(() => tasksOf(query.data), [query.data]);
  return {
    tasks,
    /** the first read: nothing to show yet */
    loading: query.isPending,
    /** the last read failed (what was read before stays on screen) */
    failed: query.isError,
    refreshing: query.isFetching && !query.isFetchingNextPage && !query.isPending,
    /** when the list on screen was read (ms): estimates count down from it */
    readAt: query.dataUpdatedAt,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    reload: () => void query.refetch(),
    loadMore: () => void query.fetchNextPage(),
  };
}
