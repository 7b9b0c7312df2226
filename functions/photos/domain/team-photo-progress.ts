// The dashboard's "photos ready" (docs/product.md, "Teams"): a member who keeps at least the photos needed
// to create avatars (shared/photo-rules.ts) and has no team avatar yet. Photos expire on their own (the
// table's TTL, docs/data-model.md), which no counter would see; so the member's row carries the moment their
// photos stop being enough (the needed-th latest expiry), written when a photo is kept or deleted and when
// they join, and the status compares it with the time of the request. No read of anyone's photos per page.

import type { Clock } from '#platform/domain/ports.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';

/** Until when `expiries` (of the kept photos) leave at least the photos needed; null: not enough now. */
export function photosReadyUntil(expiries: readonly number[], now: number): number | null {
  const live = expiries.filter((e) => e > now).sort((a, b) => b - a);
  return live[PHOTO_LIMITS.neededForAvatars - 1] ?? null;
}

/** The member's photos as the photo store keeps them (only their expiries are read). */
export interface MemberPhotos {
  list(userId: string, now: number): Promise<readonly { expiresAt: number }[]>;
}

/** Writes `photosReadyUntil` on the row of the person's team, when they are in one (nothing otherwise). */
export interface TeamPhotoProgress {
  setPhotosReadyUntil(userId: string, until: number | null): Promise<void>;
}

/** After a photo is kept or deleted: the member's row says until when their photos are enough. */
export async function notePhotoProgress(
  deps: { store: MemberPhotos; clock: Clock; teamProgress?: TeamPhotoProgress | undefined },
  userId: string,
): Promise<void> {
  if (!deps.teamProgress) return;
  const now = deps.clock.now();
  const photos = await deps.store.list(userId, now);
  await deps.teamProgress.setPhotosReadyUntil(
    userId,
    photosReadyUntil(
      photos.map((p) => p.expiresAt),
      now,
    ),
  );
}
