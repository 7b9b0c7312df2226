// The account's photos (GET /photos): newest first, with the consents and the retention setting.
import { useCallback, useEffect, useState } from 'react';
import type { PhotoList } from '../../../../../shared/api-schemas.ts';
import { api } from '../../../lib/api-client.ts';

export type PhotoListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; list: PhotoList; refreshing: boolean };

export function usePhotoList() {
  const [state, setState] = useState<PhotoListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' ? { ...s, refreshing: true } : { status: 'loading' }));
    api('listPhotos', { signal: controller.signal }).then(
      (list) => setState({ status: 'ready', list, refreshing: false }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Photo list', e);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Applies a change the server already made (a delete, a new setting) without a reload. */
  const update = useCallback((change: (list: PhotoList) => PhotoList) => {
    setState((s) => (s.status === 'ready' ? { ...s, list: change(s.list) } : s));
  }, []);

  return { state, reload, update };
}
