// Taking a file in, whichever way it arrived (a browser upload to S3, or the multipart route): check what
// it really is, decode it in full, make the stored image and thumbnail, then record it under the account's
// limit, which the database enforces.
import type { Rejection } from '../../../shared/api-schemas.ts';
import { PHOTO_LIMITS, PHOTO_RETENTION_DAYS, type RejectionReason } from '../../../shared/photo-rules.ts';
import type { Clock, User } from '../ports.ts';
import { sniffPhotoType } from './image-bytes.ts';
import { photoFilename } from './photo-names.ts';
import type { PhotoFiles, PhotoImages, PhotoStore } from './photo-ports.ts';
import { MEASURE_LONG_SIDE, qualityHints } from './quality.ts';

export interface IntakeDeps {
  store: PhotoStore;
  files: PhotoFiles;
  images: PhotoImages;
  clock: Clock;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

export function rejection(name: string, reason: RejectionReason): Rejection {
  const message: Record<RejectionReason, string> = {
    type: `"${name}" is not a JPG, PNG or WEBP image.`,
    size: `"${name}" is larger than ${mb(PHOTO_LIMITS.maxBytes)} MB.`,
    'not-an-image': `"${name}" is not a valid image.`,
    'too-small': `"${name}" is too small: photos need at least ${PHOTO_LIMITS.minShortSide} px on their short side.`,
    'too-many-pixels': `"${name}" is too large: images can have at most ${megapixels(PHOTO_LIMITS.maxPixels)} megapixels.`,
    limit: `"${name}" was not added: an account keeps up to ${PHOTO_LIMITS.maxPhotos} photos. Delete some to add more.`,
    'not-found': `"${name}" did not arrive, or its upload expired. Please upload it again.`,
  };
  return { name, reason, message: message[reason] };
}

export const RETENTION_SECONDS = PHOTO_RETENTION_DAYS * 24 * 3600;

/** Takes one file in as the photo `filename`; its name on the device is `name`. */
export async function admitPhoto(
  deps: IntakeDeps,
  user: User,
  file: { uploadId: string; name: string; bytes: Uint8Array },
): Promise<{ filename: string } | Rejection> {
  const { name, bytes } = file;
  if (bytes.length > PHOTO_LIMITS.maxBytes) return rejection(name, 'size');
  if (!sniffPhotoType(bytes)) return rejection(name, 'not-an-image');
  const prepared = await deps.images.prepare(bytes, {
    maxPixels: PHOTO_LIMITS.maxPixels,
    minShortSide: PHOTO_LIMITS.minShortSide,
    storedLongSide: PHOTO_LIMITS.storedLongSide,
    thumbnailSide: PHOTO_LIMITS.thumbnailSide,
    thumbnailMaxBytes: PHOTO_LIMITS.thumbnailMaxBytes,
    measureLongSide: MEASURE_LONG_SIDE,
  });
  if (!prepared.ok) return rejection(name, prepared.reason);

  const { photo } = prepared;
  const filename = photoFilename(file.uploadId);
  await deps.files.save(user.id, filename, photo.image, photo.thumbnail);
  const now = deps.clock.now();
  const added = await deps.store.add(
    user.id,
    {
      filename,
      originalName: name,
      size: photo.image.length,
      contentType: photo.contentType,
      width: photo.measures.width,
      height: photo.measures.height,
      hints: qualityHints(photo.measures),
      uploadedAt: now,
      expiresAt: now + RETENTION_SECONDS,
    },
    PHOTO_LIMITS.maxPhotos,
    now,
  );
  if (added === 'limit') {
    await deps.files.remove(user.id, filename);
    return rejection(name, 'limit');
  }
  return { filename };
}

/** Runs `work` on every item, at most `concurrency` at a time, keeping the input's order. */
export async function inOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
