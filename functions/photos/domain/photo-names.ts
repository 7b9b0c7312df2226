// Photo names are made by the server: the user's name, reduced to a safe slug and shortened, plus a random
// suffix. Names that come back in a request are only ever checked against this shape, never used as a path.

const SLUG_MAX = 40;
const SUFFIX = /^[0-9a-f]{16}$/;
const UPLOAD_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*_[0-9a-f]{16}$/;
const FILENAME = /^([a-z0-9]+(?:-[a-z0-9]+)*_[0-9a-f]{16})\.jpg$/;

/** Every stored image is a JPEG (functions/photos/domain/intake.ts re-encodes it). */
const STORED_EXTENSION = '.jpg';

/** `IMG_2041 (1).HEIC.jpg` -> `img-2041-1-heic`; letters with accents lose them; nothing left -> `photo`. */
export function slugOf(name: string): string {
  const stem = name.replace(/\.[^.]*$/, '');
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'photo';
}

/** The id of one upload, which is also its photo's name without the extension. */
export function newUploadId(originalName: string, randomHex16: string): string {
  if (!SUFFIX.test(randomHex16)) throw new Error('the suffix must be 16 lowercase hex digits');
  return `${slugOf(originalName)}_${randomHex16}`;
}

export const isUploadId = (id: string): boolean => id.length <= 60 && UPLOAD_ID.test(id);

export const photoFilename = (uploadId: string): string => `${uploadId}${STORED_EXTENSION}`;

/** The upload id inside a photo name of ours, or null for anything else (traversal, another shape). */
export function uploadIdOf(filename: string): string | null {
  if (filename.length > 64) return null;
  return FILENAME.exec(filename)?.[1] ?? null;
}

/** The device's name of a file, for display only: no control characters, at most 100 characters. */
export function displayName(name: string): string {
  const clean = [...name.replace(/\p{Cc}|\p{Cf}/gu, '').trim()].slice(0, 100).join('');
  return clean || 'photo';
}
