// Taking files in, whichever way they arrived (a browser upload to S3, then confirmed; or the multipart route),
// in two steps.
// First every file is inspected: what it really is, a full decode, the stored image and thumbnail, and the
// face check. Only when every inspection ran (the face model may fail to load) are the accepted ones kept:
// saved and recorded under the account's limit, which the database enforces. So a failed face check keeps
// nothing and loses nothing: the call answers a clear error and the same call works again.

import { DomainError, RateLimitedError } from '#platform/domain/errors.ts';
import { inOrder } from '#platform/domain/in-order.ts';
import type { Ids, User } from '#platform/domain/ports.ts';
import type { Rejection, UploadResult } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS, PHOTO_RETENTION_DAYS, type RejectionReason } from '#shared/photo-rules.ts';
import { requirePhotoConsent } from './consent.ts';
import type { PhotoMeasures } from './faces/face-measures.ts';
import { checkPhotoFace, mayShowSomeoneElse, type PhotoFace } from './faces/faces.ts';
import { sniffPhotoType } from './image-bytes.ts';
import { analyseUpright } from './orientation.ts';
import { displayName, isUploadId, newUploadId, photoFilename } from './photo-names.ts';
import type { PhotoIntakeDeps, PreparedPhoto } from './ports.ts';
import { MEASURE_LONG_SIDE, qualityHints } from './quality.ts';
import { photoQuality, shownHints } from './quality-score.ts';
import { notePhotoProgress } from './team-photo-progress.ts';

type IntakeDeps = PhotoIntakeDeps;

/** Photos processed at once in one call: one reads or writes storage while others use the CPU. */
const PROCESSING_CONCURRENCY = 3;

export const limitReached = () =>
  new DomainError(
    'PHOTO_LIMIT_REACHED',
    `You already have ${PHOTO_LIMITS.maxPhotos} photos, the most an account can keep. Delete some to upload more.`,
  );

const tooManyChecks = (retryAfterSeconds: number) =>
  new RateLimitedError(
    `You have sent more photos in the last hour than an account can have checked (${PHOTO_LIMITS.maxChecksPerHour}). Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    retryAfterSeconds,
  );

const tooManyInOneRequest = () =>
  new DomainError(
    'VALIDATION_FAILED',
    `Send at most ${PHOTO_LIMITS.maxPerConfirm} photos in one request: send the others in another one.`,
  );

export function uploadResult(outcomes: ({ filename: string } | Rejection)[]): UploadResult {
  const files = outcomes.flatMap((o) => ('filename' in o ? [o.filename] : []));
  const rejections = outcomes.filter((o): o is Rejection => 'reason' in o);
  return {
    success: files.length > 0,
    files,
    rejected: rejections.map((r) => r.name),
    rejectedCount: rejections.length,
    rejections,
  };
}

/**
 * The kept photos' scores and hints as the set stands now (someone-else depends on the others): the phone's
 * capture page shows them and cannot list photos. One read of the account's records, no model run.
 */
async function withScores(deps: IntakeDeps, user: User, result: UploadResult): Promise<UploadResult> {
  if (result.files.length === 0) return result;
  const live = await deps.store.list(user.id, deps.clock.now());
  const elsewhere = mayShowSomeoneElse(live);
  const photos = result.files.flatMap((filename) => {
    const p = live.find((photo) => photo.filename === filename);
    if (!p) return [];
    const hints = shownHints(elsewhere.has(p) ? { ...p, hints: [...p.hints, 'someone-else'] } : p);
    return [{ filename, quality: photoQuality(p), hints }];
  });
  return { ...result, photos };
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

const RETENTION_SECONDS = PHOTO_RETENTION_DAYS * 24 * 3600;

const faceCheckUnavailable = (cause: unknown) =>
  new DomainError(
    'FACE_CHECK_UNAVAILABLE',
    'We could not check the faces in your photos just now. Nothing was saved: please try again in a moment.',
    { cause },
  );

/** A file that passed every check, ready to be kept. */
interface InspectedPhoto {
  /** the browser upload it came from, or a fresh id for a file sent in the request */
  uploadId: string;
  name: string;
  photo: PreparedPhoto;
  face: PhotoFace;
  /** the quality score's figures (functions/photos/domain/faces/face-measures.ts) */
  measures: PhotoMeasures | null;
  hints: PhotoRecordHints;
}
type PhotoRecordHints = ReturnType<typeof qualityHints>;

/**
 * Checks one file in full without keeping anything. Throws FACE_CHECK_UNAVAILABLE when the face model cannot
 * run: a photo is never accepted unchecked.
 */
async function inspectPhoto(
  deps: IntakeDeps,
  file: { uploadId: string; name: string; bytes: Uint8Array },
): Promise<InspectedPhoto | Rejection> {
  const { name, bytes } = file;
  if (bytes.length > PHOTO_LIMITS.maxBytes) return rejection(name, 'size');
  if (!sniffPhotoType(bytes)) return rejection(name, 'not-an-image');
  const limits = {
    maxPixels: PHOTO_LIMITS.maxPixels,
    minShortSide: PHOTO_LIMITS.minShortSide,
    storedLongSide: PHOTO_LIMITS.storedLongSide,
    thumbnailSide: PHOTO_LIMITS.thumbnailSide,
    thumbnailMaxBytes: PHOTO_LIMITS.thumbnailMaxBytes,
    measureLongSide: MEASURE_LONG_SIDE,
  };
  const prepared = await deps.images.prepare(bytes, limits);
  if (!prepared.ok) return rejection(name, prepared.reason);
  let { photo } = prepared;
  // The face the way up it is upright: a photo that came sideways or upside down is analysed turned
  // (orientation.ts; docs/faces.md, "Sideways photos").
  let upright: Awaited<ReturnType<typeof analyseUpright>>;
  try {
    upright = await analyseUpright(photo.pixels, (pixels) => deps.faces.analyse(pixels));
  } catch (e) {
    throw faceCheckUnavailable(e);
  }
  const { analysis, turn } = upright;
  const check = checkPhotoFace(analysis);
  if (!check.ok) return rejection(name, check.reason);
  if (turn !== 0) {
    // Kept the way up its face is: the stored image, the thumbnail and the measures of the turned photo.
    const turned = await deps.images.prepare(bytes, limits, { turn });
    if (!turned.ok) return rejection(name, turned.reason);
    photo = turned.photo;
  }
  // The face's own sharpness stands in for the whole frame's: a sharp background cannot hide a soft face.
  const hints: PhotoRecordHints = [
    ...(turn !== 0 ? (['turned-upright'] as const) : []),
    ...qualityHints(photo.measures).filter((h) => h !== 'blurry'),
    ...check.hints,
  ];
  return { uploadId: file.uploadId, name, photo, face: check.face, measures: check.measures, hints };
}

/**
 * Saves and records an inspected photo under a name of its own, never the upload's: a stored file is written
 * once and never replaced, and its record (face data and hints) goes in only once the file is there. With
 * `claimUpload`, the record also takes the browser upload (ports.ts UploadClaim); when another confirm
 * took it first, its photo is the answer and nothing of this one is left.
 */
async function keepPhoto(
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
      ...(inspected.measures ? { measures: inspected.measures } : {}),
      uploadedAt: now,
      expiresAt,
    },
    PHOTO_LIMITS.maxPhotos,
    now,
    claimUpload ? { uploadId: inspected.uploadId, expiresAt } : undefined,
  );
  if (added === 'added') {
    await notePhotoProgress(deps, user.id);
    return { filename };
  }
  await deps.files.remove(user.id, filename);
  return added === 'limit' ? rejection(name, 'limit') : { filename: added.claimedBy };
}

/**
 * Inspects every file (PROCESSING_CONCURRENCY at a time), then keeps the accepted ones in order, each taking a
 * free place. Nothing is kept unless every inspection ran.
 */
async function takeIn(
  deps: IntakeDeps,
  user: User,
  items: { uploadId: string; name: string; read: () => Promise<Uint8Array | Rejection> }[],
  free: number,
  claimUploads: boolean,
): Promise<({ filename: string } | Rejection)[]> {
  // Each photo is decoded in full and run through the face model: an account has only so many checked an
  // hour, counted before anything is read (the uploads stay for the retry).
  if (items.length > 0) {
    const verdict = await deps.limiter.hit(
      'photo_checks:user',
      user.id,
      PHOTO_LIMITS.maxChecksPerHour,
      3600,
      { userId: user.id },
      items.length,
    );
    if (!verdict.allowed) throw tooManyChecks(verdict.retryAfterSeconds);
  }
  const inspected = await inOrder(items, PROCESSING_CONCURRENCY, async (item) => {
    const bytes = await item.read();
    if (!(bytes instanceof Uint8Array)) return bytes;
    return inspectPhoto(deps, { uploadId: item.uploadId, name: item.name, bytes });
  });
  const outcomes: ({ filename: string } | Rejection)[] = [];
  for (const photo of inspected) {
    if ('reason' in photo) outcomes.push(photo);
    else if (free <= 0) outcomes.push(rejection(photo.name, 'limit'));
    else {
      const kept = await keepPhoto(deps, user, photo as InspectedPhoto, claimUploads);
      if (!('reason' in kept)) free--;
      outcomes.push(kept);
    }
  }
  return outcomes;
}

/**
 * Checks and keeps what the browser uploaded. Whatever the storage checked on the way in (S3 enforces the
 * upload policy; the local stand-in does not), every file is checked again here. An upload id is used once:
 * its form stays valid for minutes after the confirm, so a confirm of an id already taken answers the photo it
 * became and reads nothing (a file posted again to the same form is discarded unread). The uploads are
 * discarded once the call has an answer for each; when the face check could not run, they stay for the retry.
 */
export async function confirmUploads(
  deps: IntakeDeps,
  user: User,
  uploads: { id: string; name?: string | undefined }[],
): Promise<UploadResult> {
  requirePhotoConsent(user);
  // The same upload twice in one call is one photo.
  uploads = uploads.filter((u, i) => uploads.findIndex((other) => other.id === u.id) === i);
  const discardAll = () =>
    Promise.all(uploads.map((u) => (isUploadId(u.id) ? deps.files.discardUpload(user.id, u.id) : null)));
  const [claimed, live] = await Promise.all([
    deps.store.claimedUploads(
      user.id,
      uploads.flatMap((u) => (isUploadId(u.id) ? [u.id] : [])),
    ),
    deps.store.list(user.id, deps.clock.now()),
  ]);
  const fresh = uploads.filter((u) => !claimed.has(u.id));
  const free = PHOTO_LIMITS.maxPhotos - live.length;
  if (fresh.length > 0 && free <= 0) {
    await discardAll();
    throw limitReached();
  }
  const taken = await takeIn(
    deps,
    user,
    fresh.map((upload) => {
      const name = displayName(upload.name ?? upload.id);
      return {
        uploadId: upload.id,
        name,
        read: async () => {
          if (!isUploadId(upload.id)) return rejection(name, 'not-found');
          const read = await deps.files.readUpload(user.id, upload.id, PHOTO_LIMITS.maxBytes);
          if (read === 'missing') return rejection(name, 'not-found');
          if (read === 'too-large') return rejection(name, 'size');
          return read.bytes;
        },
      };
    }),
    free,
    true,
  );
  await discardAll();
  const liveNames = new Set(live.map((p) => p.filename));
  const outcomes = uploads.map((upload) => {
    const filename = claimed.get(upload.id);
    if (filename === undefined) return taken[fresh.indexOf(upload)] as { filename: string } | Rejection;
    // Taken by an earlier confirm: that photo, while the account still has it.
    return liveNames.has(filename)
      ? { filename }
      : rejection(displayName(upload.name ?? upload.id), 'not-found');
  });
  // Nothing of this account's was there (another account's uploads, made-up ids): say so, reveal nothing.
  if (outcomes.every((o) => 'reason' in o && o.reason === 'not-found')) {
    throw new DomainError('NOT_FOUND', 'Upload not found.');
  }
  return withScores(deps, user, uploadResult(outcomes));
}

/** POST /photos/upload: the same checks for files that came in the request itself. */
export async function uploadPhotoFiles(
  deps: IntakeDeps,
  user: User,
  files: { name: string; bytes: Uint8Array }[],
): Promise<UploadResult> {
  requirePhotoConsent(user);
  if (files.length === 0) {
    throw new DomainError('VALIDATION_FAILED', 'No photos in the request: send them in the field photos.');
  }
  // Refused before anything is decoded: what one confirm takes, no more.
  if (files.length > PHOTO_LIMITS.maxPerConfirm) throw tooManyInOneRequest();
  const free = PHOTO_LIMITS.maxPhotos - (await deps.store.list(user.id, deps.clock.now())).length;
  if (free <= 0) throw limitReached();
  const outcomes = await takeIn(
    deps,
    user,
    files.map((file) => {
      const name = displayName(file.name);
      return { uploadId: freshUploadId(deps.ids, name), name, read: async () => file.bytes };
    }),
    free,
    false,
  );
  return withScores(deps, user, uploadResult(outcomes));
}
