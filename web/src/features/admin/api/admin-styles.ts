// The admin screen's server state: the styles list, then its audit log, read through the query client
// (one pattern with the other screens: loading, error with retry, ready); each change the server confirms
// updates the list and makes the audit log and the styles users pick from out of date.

import { useQuery } from '@tanstack/react-query';
import type { AdminStyle } from '#shared/api-schemas.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { invalidateRoutes, queryClient, routeQuery } from '../../../lib/server-state.tsx';
import '../../../lib/app-routes.ts';

type AdminState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error' }
  | { status: 'ready'; styles: AdminStyle[] };

export function useAdminStyles(enabled: boolean) {
  const styles = useQuery({ ...routeQuery('adminListStyles'), enabled });
  const audit = useQuery({ ...routeQuery('adminStyleAudit'), enabled: enabled && styles.isSuccess });
  let state: AdminState = { status: 'loading' };
  if (isApiError(styles.error) && styles.error.status === 403) state = { status: 'forbidden' };
  else if (styles.isError) state = { status: 'error' };
  else if (styles.data) state = { status: 'ready', styles: styles.data };
  return {
    state,
    reload: () => void styles.refetch(),
    audit: audit.data?.entries ?? null,
    auditFailed: audit.isError,
  };
}

/**
 * A change the server confirmed: applied to the list at once when given (an edit, an addition, a delete),
 * else the list is read again (an import); the audit log and the styles users pick from are out of date.
 */
export function stylesChanged(change?: (styles: AdminStyle[]) => AdminStyle[]): void {
  if (change) queryClient.setQueryData<AdminStyle[]>(routeKey('adminListStyles'), (l) => l && change(l));
  void invalidateRoutes(...(change ? [] : (['adminListStyles'] as const)), 'adminStyleAudit', 'listStyles');
}

/** The server's error, else the screen's own message. */
export const serverMessage = (e: unknown, fallback: string): string =>
  isApiError(e) && e.msg ? e.msg : fallback;
