// Photo records in memory, with the rules of functions/photos/dynamodb/photo-store.ts: an account has
// `maxPhotos` places, a photo takes a free one (or one held by an expired photo), so the limit holds however
// many adds run at once; an upload id is claimed once, with its photo or not at all; expired photos are gone
// from every read. Each write decides with no await in between: concurrent adds are decided one at a time.

import type { PhotoConsentRecord } from '#platform/domain/ports.ts';
import type {
  AddResult,
  NewPhoto,
  PhotoRecord,
  PhotoStore,
  UploadClaim,
} from '../../../functions/photos/domain/ports.ts';
import type { FakeAccountStore } from './account-store.ts';
import { conditionFailed } from './conditions.ts';

export class FakePhotoStore implements PhotoStore {
  /** userId -> place -> record */
  private readonly places = new Map<string, Map<number, PhotoRecord>>();
  /** userId -> upload id -> the photo it became */
  private readonly claims = new Map<string, Map<string, string>>();
  private readonly accounts: FakeAccountStore;

  /** The consents and the delete-after setting live on the account, as in the table. */
  constructor(accounts: FakeAccountStore) {
    this.accounts = accounts;
  }

  async list(userId: string, now: number): Promise<PhotoRecord[]> {
    return [...this.placesOf(userId).values()].filter((p) => p.expiresAt > now).map(copy);
  }

  async add(
    userId: string,
    photo: NewPhoto,
    maxPhotos: number,
    now: number,
    claim?: UploadClaim,
  ): Promise<AddResult> {
    const places = this.placesOf(userId);
    const free = Array.from({ length: maxPhotos }, (_, i) => i).find((i) => {
      const held = places.get(i);
      return !held || held.expiresAt <= now;
    });
    if (free === undefined) return 'limit';
    const claims = this.claimsOf(userId);
    if (claim) {
      const claimedBy = claims.get(claim.uploadId);
      if (claimedBy !== undefined) return { claimedBy };
      claims.set(claim.uploadId, photo.filename);
    }
    places.set(free, copy(photo));
    return 'added';
  }

  async claimedUploads(userId: string, uploadIds: readonly string[]): Promise<Map<string, string>> {
    const claims = this.claimsOf(userId);
    return new Map(uploadIds.flatMap((id) => (claims.has(id) ? [[id, claims.get(id) as string]] : [])));
  }

  async remove(userId: string, filename: string, now: number): Promise<PhotoRecord | null> {
    const places = this.placesOf(userId);
    for (const [place, p] of places) {
      if (p.filename === filename && p.expiresAt > now) {
        places.delete(place);
        return copy(p);
      }
    }
    return null;
  }

  async setConsent(userId: string, consent: PhotoConsentRecord): Promise<void> {
    if (!this.accounts.peek(userId)) throw conditionFailed(`no account ${userId}`);
    this.accounts.update(userId, { photoConsent: { ...consent } });
  }

  async setDeleteAfterGeneration(userId: string, on: boolean): Promise<void> {
    if (!this.accounts.peek(userId)) throw conditionFailed(`no account ${userId}`);
    this.accounts.update(userId, { deletePhotosAfterGeneration: on });
  }

  private placesOf(userId: string): Map<number, PhotoRecord> {
    const places = this.places.get(userId) ?? new Map<number, PhotoRecord>();
    this.places.set(userId, places);
    return places;
  }

  private claimsOf(userId: string): Map<string, string> {
    const claims = this.claims.get(userId) ?? new Map<string, string>();
    this.claims.set(userId, claims);
    return claims;
  }
}

const copy = (p: PhotoRecord): PhotoRecord => structuredClone(p);
