// The token history (GET /account/ledger), newest first.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LedgerEntry } from '../../../../../shared/api-schemas.ts';
import { invalidateRoutes, routeQuery } from '../../../lib/server-state.tsx';

export type LedgerState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; entries: LedgerEntry[] };

/** The history; read again when `balance` moves (a new balance means a new entry). */
export function useTokenLedger(balance: number) {
  const query = useQuery(routeQuery('tokenLedger'));
  const shown = useRef(balance);
  useEffect(() => {
    if (shown.current === balance) return;
    shown.current = balance;
    void invalidateRoutes('tokenLedger');
  }, [balance]);
  const state: LedgerState = query.data
    ? { status: 'ready', entries: query.data.entries }
    : query.isError
      ? { status: 'error' }
      : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}
