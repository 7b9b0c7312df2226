// The reference photos of an account (spec sections 2, 4, 5 and 7; issue 8): list, view, delete, and the
// two ways in (browser uploads straight to storage, then confirmed; or the multipart route).
import type {
  PhotoConsent,
  PhotoFile,
  PhotoList,
  Rejection,
  UploadResult,
  UploadTarget,
} from '../../../shared/api-schemas.ts';
import { PHOTO_LIMITS, PHOTO_TYPES, type PhotoType } from '../../../shared/photo-rules.ts';
import { DomainError, RateLimitedError } from '../errors.ts';
import { mayShowSomeoneElse } from '../faces/faces.ts';
import type { RateLimiter, User } from '../ports.ts';
import { currentConsent, recordConsent, requirePhotoConsent } from './consent.ts';
import {
  freshUploadId,
  type InspectedPhoto,
  type IntakeDeps,
  inOrder,
  inspectPhoto,
  keepPhoto,
  rejection,
} from './intake.ts';
import { displayName, isUploadId, uploadIdOf } from './photo-names.ts';
import type { PhotoRecord } from './photo-ports.ts';

export interface PhotoDeps extends IntakeDeps {
  limiter: RateLimiter;
}

/** Photos processed at once in one call: one reads or writes storage while others use the CPU. */
const PROCESSING_CONCURRENCY = 3;

const notFound = () => new DomainError('NOT_FOUND', 'Photo not found.');

const limitReached = () =>
  new DomainError(
    'PHOTO_LIMIT_REACHED',
    `You already have ${PHOTO_LIMITS.maxPhotos} photos, the most an account can keep. Delete some to upload more.`,
  );

const tooManyUploads = (retryAfterSeconds: number) =>
  new RateLimitedError(
    'You have started more uploads than your account can take at once. Please wait a few minutes and try again.',
    retryAfterSeconds,
  );

const newestFirst = (a: PhotoRecord, b: PhotoRecord) =>
  b.uploadedAt - a.uploadedAt || b.filename.localeCompare(a.filename);

async function livePhotos(deps: PhotoDeps, user: User): Promise<PhotoRecord[]> {
  return (await deps.store.list(user.id, deps.clock.now())).sort(newestFirst);
}

/** Free places under the limit; refuses when there are none. */
async function freePlaces(deps: PhotoDeps, user: User): Promise<number> {
  const free = PHOTO_LIMITS.maxPhotos - (await deps.store.list(user.id, deps.clock.now())).length;
  if (free <= 0) throw limitReached();
  return free;
}

function uploadResult(outcomes: ({ filename: string } | Rejection)[]): UploadResult {
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

/** The photos with their hints as the set stands now: 'someone-else' depends on the other photos. */
async function photosWithHints(deps: PhotoDeps, user: User): Promise<PhotoRecord[]> {
  const photos = await livePhotos(deps, user);
  const elsewhere = mayShowSomeoneElse(photos);
  return photos.map((p) => (elsewhere.has(p) ? { ...p, hints: [...p.hints, 'someone-else'] } : p));
}

export async function listPhotos(deps: PhotoDeps, user: User): Promise<PhotoList> {
  const photos = await photosWithHints(deps, user);
  const files = await Promise.all(
    photos.map(async (p): Promise<PhotoFile> => {
      const urls = await deps.files.viewUrls(user.id, p.filename, PHOTO_LIMITS.viewUrlSeconds);
      return {
        filename: p.filename,
        size: p.size,
        original_name: p.originalName,
        content_type: p.contentType,
        width: p.width,
        height: p.height,
        uploaded_at: p.uploadedAt,
        expires_at: p.expiresAt,
        hints: p.hints,
        thumbnail_url: urls.thumbnailUrl,
        url: urls.url,
        // The box only: the descriptor never leaves the photo's record.
        ...(p.face ? { face_box: p.face.box } : {}),
      };
    }),
  );
  return {
    success: true,
    files,
    consent: currentConsent(user),
    delete_after_generation: user.deletePhotosAfterGeneration,
  };
}

/** Spec section 7: the image as base64. */
export async function photoData(
  deps: PhotoDeps,
  user: User,
  filename: string,
): Promise<{ success: boolean; data: string; content_type: string }> {
  if (!uploadIdOf(filename)) throw notFound();
  const photo = (await livePhotos(deps, user)).find((p) => p.filename === filename);
  if (!photo) throw notFound();
  const file = await deps.files.read(user.id, filename);
  if (!file) throw notFound();
  return { success: true, data: Buffer.from(file.bytes).toString('base64'), content_type: file.contentType };
}

export async function deletePhoto(
  deps: PhotoDeps,
  user: User,
  filename: string,
): Promise<{ success: boolean }> {
  if (!uploadIdOf(filename)) throw notFound();
  const removed = await deps.store.remove(user.id, filename, deps.clock.now());
  if (!removed) throw notFound();
  await deps.files.remove(user.id, filename);
  return { success: true };
}

/** Presigned browser uploads for the files the user chose; files that cannot be photos are refused here. */
export async function uploadTargets(
  deps: PhotoDeps,
  user: User,
  files: { name: string; type: string; size: number }[],
): Promise<UploadResult & { targets: UploadTarget[]; expires_in: number }> {
  requirePhotoConsent(user);
  let free = await freePlaces(deps, user);
  const issue: { name: string; display: string; type: PhotoType }[] = [];
  const rejections: Rejection[] = [];
  for (const file of files) {
    const name = displayName(file.name);
    const type = PHOTO_TYPES.find((t) => t === file.type.toLowerCase());
    if (!type) rejections.push(rejection(name, 'type'));
    else if (file.size > PHOTO_LIMITS.maxBytes) rejections.push(rejection(name, 'size'));
    else if (file.size <= 0) rejections.push(rejection(name, 'not-an-image'));
    else if (free <= 0) rejections.push(rejection(name, 'limit'));
    else {
      free--;
      issue.push({ name: file.name, display: name, type });
    }
  }
  // Each target is a signed permission to write into the account's prefix: only so many at a time.
  if (issue.length) {
    const verdict = await deps.limiter.hit(
      'upload_targets:user',
      user.id,
      PHOTO_LIMITS.maxTargetsPerWindow,
      PHOTO_LIMITS.uploadTargetSeconds,
      { userId: user.id },
      issue.length,
    );
    if (!verdict.allowed) throw tooManyUploads(verdict.retryAfterSeconds);
  }
  const targets: UploadTarget[] = [];
  for (const file of issue) {
    const id = freshUploadId(deps.ids, file.display);
    const form = await deps.files.uploadTarget(
      user.id,
      id,
      file.type,
      PHOTO_LIMITS.maxBytes,
      PHOTO_LIMITS.uploadTargetSeconds,
    );
    targets.push({ name: file.name, id, ...form });
  }
  return {
    ...uploadResult(rejections),
    success: targets.length > 0,
    targets,
    expires_in: PHOTO_LIMITS.uploadTargetSeconds,
  };
}

/**
 * Inspects every file (PROCESSING_CONCURRENCY at a time), then keeps the accepted ones in order, each taking a
 * free place. Nothing is kept unless every inspection ran.
 */
async function takeIn(
  deps: PhotoDeps,
  user: User,
  items: { uploadId: string; name: string; read: () => Promise<Uint8Array | Rejection> }[],
  free: number,
  claimUploads: boolean,
): Promise<({ filename: string } | Rejection)[]> {
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
  deps: PhotoDeps,
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
  return uploadResult(outcomes);
}

/** POST /photos/upload: the same checks for files that came in the request itself. */
export async function uploadPhotoFiles(
  deps: PhotoDeps,
  user: User,
  files: { name: string; bytes: Uint8Array }[],
): Promise<UploadResult> {
  requirePhotoConsent(user);
  if (files.length === 0) {
    throw new DomainError('VALIDATION_FAILED', 'No photos in the request: send them in the field photos.');
  }
  const free = await freePlaces(deps, user);
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
  return uploadResult(outcomes);
}

export const setPhotoConsent = (
  deps: PhotoDeps,
  user: User,
  given: { processing: boolean; rights: boolean },
): Promise<PhotoConsent> => recordConsent(deps, user, given);

export async function setDeleteAfterGeneration(deps: PhotoDeps, user: User, on: boolean): Promise<boolean> {
  await deps.store.setDeleteAfterGeneration(user.id, on);
  return on;
}
