// The app's server state (house style: one pattern for every screen): one QueryClient, reads named by
// their route (lib/query-keys.ts), loading, error, retry, polling and invalidation by TanStack Query. Only
// the app's screens import this file (web/vite.config.ts keeps it and the library out of the landing
// page's shell chunk).
import { QueryCache, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ParamsOf, ResponseOf } from '#shared/api-routes.ts';
import { api, isApiError } from './api-client.ts';
import { type ReadRouteId, routeKey } from './query-keys.ts';
import { useSession } from './session.tsx';

/** A read is tried once more when no answer came or the server failed; any other answer stands. */
const worthRetrying = (failures: number, error: unknown): boolean =>
  failures < 1 && isApiError(error) && (error.status === 0 || error.status >= 500);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => console.error(`Reading ${String(query.queryKey[0])}`, error),
  }),
  defaultOptions: {
    queries: {
      retry: worthRetrying,
      retryDelay: 1000,
      // A screen shows what it read last at once and asks again on each visit, as it always did; the tab
      // coming back to the front does not ask (the gallery's own poll does).
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchIntervalInBackground: false,
    },
    mutations: { retry: false },
  },
});

type ReadOptions<K extends ReadRouteId> = {
  params?: ParamsOf<K>;
  query?: Record<string, string | undefined>;
};

/** One read of the route table through the API client, with the query's signal. */
function readRoute<K extends ReadRouteId>(
  id: K,
  { params, query }: ReadOptions<K>,
  signal: AbortSignal,
): Promise<ResponseOf<K>> {
  const call = api as (id: K, options: object) => Promise<ResponseOf<K>>;
  return call(id, { params, query, signal });
}

/** The query of one read of the route table: its key, and the API client's call with the query's signal. */
export function routeQuery<K extends ReadRouteId>(id: K, options: ReadOptions<K> = {}) {
  return queryOptions({
    queryKey: routeKey(id, options.params, options.query),
    queryFn: ({ signal }) => readRoute(id, options, signal),
  });
}

/** routeQuery for a read whose 404 means "none" (the caller's team, the account's capture link): `null` then. */
export function routeQueryOrNone<K extends ReadRouteId>(id: K, options: ReadOptions<K> = {}) {
  return queryOptions({
    queryKey: routeKey(id, options.params, options.query),
    queryFn: ({ signal }): Promise<ResponseOf<K> | null> =>
      readRoute(id, options, signal).catch((e: unknown) => {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }),
  });
}

/** Marks the reads of these routes as out of date: the ones on screen are read again now. */
export const invalidateRoutes = (...ids: ReadRouteId[]): Promise<void> =>
  Promise.all(ids.map((id) => queryClient.invalidateQueries({ queryKey: routeKey(id) }))).then(() => {});

export function ServerStateProvider({ children }: { children: ReactNode }) {
  // Another account signed in (in another tab): nothing read for the previous one stays on screen. A new
  // token for the same account (a password change) keeps what was read.
  const account = useSession().user?.email;
  const shown = useRef(account);
  useEffect(() => {
    if (!account) return;
    if (shown.current && shown.current !== account) void queryClient.resetQueries();
    shown.current = account;
  }, [account]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
