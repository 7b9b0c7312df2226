// The account's reference photos as the Create screen needs them (GET /photos, the same read as Manage
// Photos): how many there are (2 are needed before it offers to create) and which may show someone else,
// so the user notices before paying.
import { useQuery } from '@tanstack/react-query';
import type { PhotoList, SetQuality } from '#shared/api-schemas.ts';
import { routeQuery } from '../../../lib/server-state.tsx';

interface ReferencePhotos {
  count: number;
  /** the device names of the photos the face check flagged 'someone-else' */
  someoneElse: string[];
  /** the set's quality score (docs/faces.md, "Quality score"): shown, never a reason to refuse */
  setQuality: SetQuality;
}

const referencePhotos = ({ files, set_quality }: PhotoList): ReferencePhotos => ({
  count: files.length,
  someoneElse: files.filter((f) => f.hints.includes('someone-else')).map((f) => f.original_name),
  setQuality: set_quality,
});

/** `loading` first, `unknown` when the list could not be read (the server checks it anyway). */
export function useReferencePhotos(): ReferencePhotos | 'loading' | 'unknown' {
  const query = useQuery({ ...routeQuery('listPhotos'), select: referencePhotos });
  if (query.data) return query.data;
  return query.isError ? 'unknown' : 'loading';
}
