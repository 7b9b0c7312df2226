// Taking files in, whichever way they arrived (a browser upload to S3, or the multipart route), in two steps.
// First every file is inspected: what it really is, a full decode, the stored image and thumbnail, and the
// face check. Only when every inspection ran (the face model may fail to load) are the accepted ones kept:
// saved and recorded under the account's limit, which the database enforces. So a failed face check keeps
// nothing and loses nothing: the call answers a clear error and the same call works again.
import type { Rejection } from '../../../shared/api-schemas.ts';
import { PHOTO_LIMITS, PHOTO_RETENTION_DAYS, type RejectionReason } from '../../../shared/photo-rules.ts';
import { DomainError } from '../errors.ts';
import type { FaceAnalyzer } from '../faces/face-ports.ts';
import { checkPhotoFace, type PhotoFace } from '../faces/faces.ts';
import type { Clock, Ids, User } from '../ports.ts';
import { sniffPhotoType } from './image-bytes.ts';
import { newUploadId, photoFilename } from './photo-names.ts';
import type { PhotoFiles, PhotoImages, PhotoStore, PreparedPhoto } from './photo-ports.ts';
import { MEASURE_LONG_SIDE, qualityHints } from './quality.ts';

export interface IntakeDeps {
  store: PhotoStore;
  files: PhotoFiles;
  images: PhotoImages;
  faces: FaceAnalyzer;
  clock: Clock;
  ids: Ids;
}

/** A fresh upload id: 16 random hex digits after the name's slug. */
export const freshUploadId = (ids: Ids, name: string): string =>
  newUploadId(name, ids.newId().replace(/-/g, '').slice(0, 16));

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
    'no-face': 'No face found in this photo. Use a photo where your face is clearly visible.',
    'several-faces': 'This photo shows more than one person. Use a photo of you alone.',
  };
  return { name, reason, message: message[reason] };
}

export const RETENTION_SECONDS = PHOTO_RETENTION_DAYS * 24 * 3600;

export const faceCheckUnavailable = (cause: unknown) =>
  new DomainError(
    'FACE_CHECK_UNAVAILABLE',
    'We could not check the faces in your photos just now. Nothing was saved: please try again in a moment.',
    { cause },
  );

/** A file that passed every check, ready to be kept. */
export interface InspectedPhoto {
  /** the browser upload it came from, or a fresh id for a file sent in the request */
  uploadId: string;
  name: string;
  photo: PreparedPhoto;
  face: PhotoFace;
  hints: PhotoRecordHints;
}
type PhotoRecordHints = ReturnType<typeof qualityHints>;

/**
 * Checks one file in full without keeping anything. Throws FACE_CHECK_UNAVAILABLE when the face model cannot
 * run: a photo is never accepted unchecked.
 */
export async function inspectPhoto(
  deps: IntakeDeps,
  file: { uploadId: string; name: string; bytes: Uint8Array },
): Promise<InspectedPhoto | Rejection> {
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
  let check: ReturnType<typeof checkPhotoFace>;
  try {
    check = checkPhotoFace(await deps.faces.analyse(photo.pixels));
  } catch (e) {
    throw faceCheckUnavailable(e);
  }
  if (!check.ok) return rejection(name, check.reason);
  // The face's own sharpness stands in for the whole frame's: a sharp background cannot hide a soft face.
  const hints = [...qualityHints(photo.measures).filter((h) => h !== 'blurry'), ...check.hints];
  return { uploadId: file.uploadId, name, photo, face: check.face, hints };
}

/**
 * Saves and records an inspected photo under a name of its own, never the upload's: a stored file is written
 * once and never replaced, and its record (face data and hints) goes in only once the file is there. With
 * `claimUpload`, the record also takes the browser upload (photo-ports.ts UploadClaim); when another confirm
 * took it first, its photo is the answer and nothing of this one is left.
 */
export async function keepPhoto(
  deps: IntakeDeps,
  user: User,
  inspected: InspectedPhoto,
  claimUpload: boolean,
): Promise<{ filename: string } | Rejection> {
  const { photo, name } = inspected;
  const filename = photoFilename(freshUploadId(deps.ids, name));
  await deps.files.save(user.id, filename, photo.image, photo.thumbnail);
  const now = deps.clock.now();
  const expiresAt = now + RETENTION_SECONDS;
  const added = await deps.store.add(
    user.id,
    {
      filename,
      originalName: name,
      size: photo.image.length,
      contentType: photo.contentType,
      width: photo.measures.width,
      height: photo.measures.height,
      hints: inspected.hints,
      face: inspected.face,
      uploadedAt: now,
      expiresAt,
    },
    PHOTO_LIMITS.maxPhotos,
    now,
    claimUpload ? { uploadId: inspected.uploadId, expiresAt } : undefined,
  );
  if (added === 'added') return { filename };
  await deps.files.remove(user.id, filename);
  return added === 'limit' ? rejection(name, 'limit') : { filename: added.claimedBy };
}

/** Runs `work` on every item, at most `concurrency` at a time, keeping the input's order. */
export async function inOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await work(items[i] as T);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
