// How many reference photos the account has (GET /photos): the screen needs 2 before it offers to create.
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/** The count; `loading` first, `unknown` when the list could not be read (the server checks it anyway). */
export function useReferencePhotoCount(): number | 'loading' | 'unknown' {
  const [count, setCount] = useState<number | 'loading' | 'unknown'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    api('listPhotos', { signal: controller.signal }).then(
      ({ files }) => setCount(files.length),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Reference photos', e);
        setCount('unknown');
      },
    );
    return () => controller.abort();
  }, []);
  return count;
}
