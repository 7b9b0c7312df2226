// The user's avatar tasks (GET /aivatar/user-tasks, spec sections 4 and 7): newest first, older pages on
// demand (`next_cursor`, beyond the spec), and a reload every 15 s while any task is TODO or IN_PROGRESS,
// stopping once none is.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '../../../../../shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

/** Spec section 9: the gallery's poll interval. */
export const POLL_INTERVAL_MS = 15_000;

/** The task as the gallery reads it: the spec's fields and the ones the server adds beyond them. */
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

export type TasksState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; tasks: Task[]; nextCursor: string | null; refreshing: boolean; loadingMore: boolean };

export const isPending = (task: Task): boolean => task.status === 'TODO' || task.status === 'IN_PROGRESS';

const fetchPage = (signal: AbortSignal, cursor?: string) =>
  api('userTasks', { signal, query: { cursor } }) as Promise<TaskPage>;

export function useTasks() {
  const [state, setState] = useState<TasksState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // How many older pages the user has opened: a reload fetches the newest page and keeps those below it.
  const older = useRef<Task[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState((s) => (s.status === 'ready' ? { ...s, refreshing: true } : { status: 'loading' }));
    fetchPage(controller.signal).then(
      (page) => {
        const newest = page.tasks;
        const ids = new Set(newest.map((t) => t.id));
        const tasks = [...newest, ...older.current.filter((t) => !ids.has(t.id))];
        setState((s) => ({
          status: 'ready',
          tasks,
          nextCursor:
            s.status === 'ready' && older.current.length > 0 ? s.nextCursor : (page.next_cursor ?? null),
          refreshing: false,
          loadingMore: false,
        }));
        if (tasks.some(isPending)) timer = setTimeout(() => setAttempt((n) => n + 1), POLL_INTERVAL_MS);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Avatar list', e);
        setState({ status: 'error' });
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || !state.nextCursor || state.loadingMore) return;
    setState({ ...state, loadingMore: true });
    try {
      const page = await fetchPage(new AbortController().signal, state.nextCursor);
      setState((s) => {
        if (s.status !== 'ready') return s;
        const ids = new Set(s.tasks.map((t) => t.id));
        const added = page.tasks.filter((t) => !ids.has(t.id));
        older.current = [...older.current, ...added];
        return {
          ...s,
          tasks: [...s.tasks, ...added],
          nextCursor: page.next_cursor ?? null,
          loadingMore: false,
        };
      });
    } catch (e) {
      console.error('Older avatars', e);
      setState((s) => (s.status === 'ready' ? { ...s, loadingMore: false } : s));
    }
  }, [state]);

  return { state, reload, loadMore };
}
