import { useCallback, useEffect, useState } from 'react';
import type { LedgerEntry } from '../../../../../shared/api-schemas.ts';
import { api } from '../../../lib/api-client.ts';

export type LedgerState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; entries: LedgerEntry[] };

/** The token history, newest first; reloads when `version` changes (e.g. after the balance moved). */
export function useTokenLedger(version: unknown) {
  const [state, setState] = useState<LedgerState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `attempt` are reload triggers
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    api('tokenLedger', { signal: controller.signal }).then(
      ({ entries }) => setState({ status: 'ready', entries }),
      (e: unknown) => {
        if (!controller.signal.aborted) {
          console.error('Token history', e);
          setState({ status: 'error' });
        }
      },
    );
    return () => controller.abort();
  }, [version, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
