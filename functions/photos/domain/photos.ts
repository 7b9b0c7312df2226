// The reference photos of an account (docs/product.md, step 3): list, view, delete, consent, and the upload
// targets the browser posts files to. Taking the files in (the confirm and the multipart route) decodes and
// checks faces: intake.ts, served by a function of its own.

import { DomainError, RateLimitedError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import type {
  PhotoConsent,
  PhotoFile,
  PhotoList,
  Rejection,
  UploadResult,
  UploadTarget,
} from '#shared/api-schemas.ts';
import { PHOTO_LIMITS, PHOTO_TYPES, type PhotoType } from '#shared/photo-rules.ts';
import { currentConsent, recordConsent, requirePhotoConsent } from './consent.ts';
import { mayShowSomeoneElse } from './faces/faces.ts';
import { freshUploadId, limitReached, rejection, uploadResult } from './intake.ts';
import { displayName, uploadIdOf } from './photo-names.ts';
import type { PhotoDeps, PhotoRecord } from './ports.ts';
import { photoQuality, setQuality, shownHints } from './quality-score.ts';
import { notePhotoProgress } from './team-photo-progress.ts';

export type { PhotoDeps } from './ports.ts';

const notFound = () => new DomainError('NOT_FOUND', 'Photo not found.');

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
        // With the score's story: the whole frame's light only when the face's was not measured.
        hints: shownHints(p),
        thumbnail_url: urls.thumbnailUrl,
        url: urls.url,
        // The box only: the descriptor never leaves the photo's record.
        ...(p.face ? { face_box: p.face.box } : {}),
        // Computed from the stored measures: listing never runs the model (docs/faces.md, "Quality score").
        quality: photoQuality(p),
      };
    }),
  );
  return {
    success: true,
    files,
    consent: currentConsent(user),
    delete_after_generation: user.deletePhotosAfterGeneration,
    set_quality: setQuality(photos),
  };
}

/** The image as base64. */
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
  await notePhotoProgress(deps, user.id);
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

export const setPhotoConsent = (
  deps: PhotoDeps,
  user: User,
  given: { processing: boolean; rights: boolean },
): Promise<PhotoConsent> => recordConsent(deps, user, given);

export async function setDeleteAfterGeneration(deps: PhotoDeps, user: User, on: boolean): Promise<boolean> {
  await deps.store.setDeleteAfterGeneration(user.id, on);
  return on;
}
