// The account's reference photos as the Create screen needs them (GET /photos): how many there are (2 are
// needed before it offers to create) and which may show someone else, so the user notices before paying.
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

export interface ReferencePhotos {
  count: number;
  /** the device names of the photos the face check flagged 'someone-else' */
  someoneElse: string[];
}

/** `loading` first, `unknown` when the list could not be read (the server checks it anyway). */
export function useReferencePhotos(): ReferencePhotos | 'loading' | 'unknown' {
  const [photos, setPhotos] = useState<ReferencePhotos | 'loading' | 'unknown'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    api('listPhotos', { signal: controller.signal }).then(
      ({ files }) =>
        setPhotos({
          count: files.length,
          someoneElse: files.filter((f) => f.hints.includes('someone-else')).map((f) => f.original_name),
        }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Reference photos', e);
        setPhotos('unknown');
      },
    );
    return () => controller.abort();
  }, []);
  return photos;
}
