// The token history (GET /account/ledger), newest first, with the packs paid by bank debit that the bank
// has not confirmed yet (or refused).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DelayedPayment, LedgerEntry } from '#shared/api-schemas.ts';
import { invalidateRoutes, routeQuery } from '../../../lib/server-state.tsx';

type LedgerState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; entries: LedgerEntry[]; delayed: DelayedPayment[] };

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
    ? { status: 'ready', entries: query.data.entries, delayed: query.data.delayed_payments }
    : query.isError
      ? { status: 'error' }
      : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}
