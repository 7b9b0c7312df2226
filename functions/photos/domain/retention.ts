// Retention, both readings kept: photos can be deleted at any time, and the terms' reading
// ("deleted once generation completes") is a setting the generation worker honours through this port.
// Every photo is also deleted PHOTO_RETENTION_DAYS after upload (S3 lifecycle rule and record TTL).
import type { Clock, UserReader } from '#platform/domain/ports.ts';
import type { PhotoFiles, PhotoStore } from './ports.ts';

interface RetentionDeps {
  users: UserReader;
  store: PhotoStore;
  files: PhotoFiles;
  clock: Clock;
}

/** Deletes every photo of the account (records, images, thumbnails); the number deleted. */
export async function deleteAllPhotos(deps: Omit<RetentionDeps, 'users'>, userId: string): Promise<number> {
  const now = deps.clock.now();
  let deleted = 0;
  for (const photo of await deps.store.list(userId, now)) {
    if (await deps.store.remove(userId, photo.filename, now)) {
      await deps.files.remove(userId, photo.filename);
      deleted++;
    }
  }
  return deleted;
}

/**
 * For the generation worker, once a user's avatars are ready: deletes their photos if they asked for it
 * ("delete my photos once my avatars are ready"). Returns how many photos were deleted.
 */
export async function photosAfterAvatarsReady(deps: RetentionDeps, userId: string): Promise<number> {
  const user = await deps.users.getById(userId);
  if (!user?.deletePhotosAfterGeneration) return 0;
  return deleteAllPhotos(deps, userId);
}
