// The admin screen's server state: the styles list and the audit log, loaded together and reloaded after
// each change (one pattern with the other screens: loading, error with retry, ready).

import { useCallback, useEffect, useState } from 'react';
import type { AdminStyle, StyleAuditEntry } from '../../../../../shared/api-schemas.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import '../../../lib/app-routes.ts';

export type AdminState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error' }
  | { status: 'ready'; styles: AdminStyle[] };

export function useAdminStyles(enabled: boolean) {
  const [state, setState] = useState<AdminState>({ status: 'loading' });
  const [audit, setAudit] = useState<StyleAuditEntry[] | null>(null);
  const [auditFailed, setAuditFailed] = useState(false);

  const reloadAudit = useCallback(async () => {
    try {
      setAudit((await api('adminStyleAudit')).entries);
      setAuditFailed(false);
    } catch (e) {
      console.error('Style audit', e);
      setAuditFailed(true);
    }
  }, []);

  const reload = useCallback(async () => {
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    try {
      const styles = await api('adminListStyles');
      setState({ status: 'ready', styles });
      void reloadAudit();
    } catch (e) {
      if (isApiError(e) && e.status === 403) return setState({ status: 'forbidden' });
      console.error('Admin styles', e);
      setState({ status: 'error' });
    }
  }, [reloadAudit]);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  /** Applies a change the server confirmed, without waiting for the next load. */
  const update = useCallback(
    (change: (styles: AdminStyle[]) => AdminStyle[]) => {
      setState((s) => (s.status === 'ready' ? { ...s, styles: change(s.styles) } : s));
      void reloadAudit();
    },
    [reloadAudit],
  );

  return { state, reload, update, audit, auditFailed };
}

/** Spec section 8 "Admin": the server's error, else the screen's own message. */
export const serverMessage = (e: unknown, fallback: string): string =>
  isApiError(e) && e.msg ? e.msg : fallback;
