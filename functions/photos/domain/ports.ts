// Ports of the reference photos; adapters implement them over DynamoDB, S3 and sharp.

import type { Clock, Ids, PhotoConsentRecord, RateLimiter, UserReader } from '#platform/domain/ports.ts';
import type { Language } from '#shared/language.ts';
import type { PhotoType, QualityHint } from '#shared/photo-rules.ts';
import type { PhotoMeasures } from './faces/face-measures.ts';
import type { PhotoFace } from './faces/faces.ts';
import type { FaceAnalyzer } from './faces/ports.ts';
import type { Turn } from './orientation.ts';
import type { ImageMeasures } from './quality.ts';
import type { TeamPhotoProgress } from './team-photo-progress.ts';

export interface PhotoRecord {
  filename: string;
  /** the name on the user's device (display only) */
  originalName: string;
  /** bytes of the stored image */
  size: number;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  hints: QualityHint[];
  /** the face found at upload; null for photos recorded before the face check */
  face: PhotoFace | null;
  /** what the quality score reads beyond the face (quality-score.ts); absent on photos stored before it */
  measures?: PhotoMeasures;
  /** Unix seconds */
  uploadedAt: number;
  /** Unix seconds: deleted automatically then (and treated as gone from then on) */
  expiresAt: number;
}

export type NewPhoto = PhotoRecord;

/**
 * A browser upload's id, taken once by the photo it became: a confirm of the same id again answers that photo
 * and keeps nothing new (the upload's form stays valid for minutes after its confirm). Kept as long as the photo.
 */
export interface UploadClaim {
  uploadId: string;
  expiresAt: number;
}

export type AddResult = 'added' | 'limit' | { claimedBy: string };

export interface PhotoStore {
  /** The account's photos that have not expired, in no particular order. */
  list(userId: string, now: number): Promise<PhotoRecord[]>;
  /**
   * Records a photo unless the account already has `maxPhotos` unexpired ones: the database decides, so
   * concurrent uploads can never exceed the limit. With a claim, the photo and its upload's claim are written
   * together or not at all; `claimedBy` names the photo that already took that upload (nothing written).
   */
  add(
    userId: string,
    photo: NewPhoto,
    maxPhotos: number,
    now: number,
    claim?: UploadClaim,
  ): Promise<AddResult>;
  /** The photo each of these uploads became, by upload id; uploads never confirmed are absent. */
  claimedUploads(userId: string, uploadIds: readonly string[]): Promise<Map<string, string>>;
  /** Deletes the record; the deleted photo, or null when the account has no photo of that name. */
  remove(userId: string, filename: string, now: number): Promise<PhotoRecord | null>;
  setConsent(userId: string, consent: PhotoConsentRecord): Promise<void>;
  setDeleteAfterGeneration(userId: string, on: boolean): Promise<void>;
}

/** A browser upload straight to storage: a form POST of `fields` and the file to `url`. */
export interface UploadTargetForm {
  url: string;
  fields: Record<string, string>;
}

export type UploadRead = { bytes: Uint8Array } | 'missing' | 'too-large';

/** Where the files live. Every method works inside the user's own prefix; names are checked again there. */
export interface PhotoFiles {
  uploadTarget(
    userId: string,
    uploadId: string,
    type: PhotoType,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<UploadTargetForm>;
  /** Reads an upload, refusing (and not reading past) `maxBytes`. */
  readUpload(userId: string, uploadId: string, maxBytes: number): Promise<UploadRead>;
  discardUpload(userId: string, uploadId: string): Promise<void>;
  save(userId: string, filename: string, image: Uint8Array, thumbnail: Uint8Array): Promise<void>;
  read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** Deletes the image and its thumbnail. */
  remove(userId: string, filename: string): Promise<void>;
  viewUrls(
    userId: string,
    filename: string,
    expiresSeconds: number,
  ): Promise<{ url: string; thumbnailUrl: string }>;
}

export interface PrepareLimits {
  maxPixels: number;
  minShortSide: number;
  storedLongSide: number;
  thumbnailSide: number;
  thumbnailMaxBytes: number;
  measureLongSide: number;
}

export interface PreparedPhoto {
  /** upright, every metadata block removed, long side <= storedLongSide */
  image: Uint8Array;
  contentType: 'image/jpeg';
  /** WebP, a thumbnailSide square, <= thumbnailMaxBytes */
  thumbnail: Uint8Array;
  /** the normalised copy the measures and the face check read: upright, long side <= measureLongSide, RGB */
  pixels: { rgb: Uint8Array; width: number; height: number };
  measures: ImageMeasures;
}

export type PrepareResult =
  | { ok: true; photo: PreparedPhoto }
  | { ok: false; reason: 'not-an-image' | 'too-many-pixels' | 'too-small' };

/** Decodes an image in full and makes the stored image and thumbnail from it. */
export interface PhotoImages {
  /**
   * `turn`: degrees clockwise to turn the upright image by, after its EXIF orientation: the stored image,
   * thumbnail, pixels and measures are all of the turned photo (functions/photos/domain/orientation.ts).
   */
  prepare(bytes: Uint8Array, limits: PrepareLimits, options?: { turn?: Turn }): Promise<PrepareResult>;
}

/** Why a capture link ended before its time (docs/product.md, "Selfies from the phone"). */
export type CaptureLinkEnd = 'revoked' | 'photo-limit';

/** An account's capture link: one item per account, so making a new one replaces (ends) the previous one. */
export interface CaptureLinkRecord {
  userId: string;
  /** random; the code is derived from it (CaptureCodes), so the table holds no code */
  linkId: string;
  /** SHA-256 of the code: what the phone's code is found by */
  codeHash: string;
  language: Language;
  /** Unix seconds */
  createdAt: number;
  expiresAt: number;
  /** SHA-256 of the secret of the device that opened it first; null until then */
  deviceHash: string | null;
  /** photos added through it, with those a confirm in progress has reserved */
  photosAdded: number;
  ended: CaptureLinkEnd | null;
  /** the account's session version when it was made: signing out everywhere ends it too */
  sessionVersion: number;
}

export interface CaptureLinkStore {
  /** Makes the account's link, replacing any previous one; `keepUntil`: when the table may forget it. */
  put(link: CaptureLinkRecord, keepUntil: number): Promise<void>;
  /** The account's latest link, whatever its state; null when it has none. */
  current(userId: string): Promise<CaptureLinkRecord | null>;
  /** The account a code hash was made for (the link may have been replaced since); null for unknown codes. */
  ownerOf(codeHash: string): Promise<string | null>;
  /**
   * Binds the link to its first device: 'taken' when a device is already bound, or the link is no longer the
   * account's (the database decides: two phones opening at once cannot both win).
   */
  bindDevice(userId: string, codeHash: string, deviceHash: string): Promise<'bound' | 'taken'>;
  /** Ends the link, if it is still the account's and has not ended; false otherwise. */
  end(userId: string, codeHash: string, reason: CaptureLinkEnd): Promise<boolean>;
  /**
   * Reserves up to `wanted` of the link's `max` places for photos, counted on the link by the database (never a
   * read then a write): how many it got, 0 when the link is full, ended, expired or replaced.
   */
  reserve(userId: string, codeHash: string, wanted: number, max: number, now: number): Promise<number>;
  /** Gives back reserved places that did not become photos. */
  release(userId: string, codeHash: string, count: number): Promise<void>;
}

/** The code of a link, derived from its id with a key of the stage: the table holds only its hash. */
export interface CaptureCodes {
  codeFor(userId: string, linkId: string): Promise<string>;
}

/** What the photo routes that never decode an image use (list, view, delete, upload targets, consent). */
export interface PhotoDeps {
  store: PhotoStore;
  files: PhotoFiles;
  clock: Clock;
  ids: Ids;
  limiter: RateLimiter;
  /** a team member's row says when their photos are enough (absent: no teams here) */
  teamProgress?: TeamPhotoProgress;
  /** capture links (capture-links.ts) */
  captureLinks: CaptureLinkStore;
  captureCodes: CaptureCodes;
  /** the account a capture link adds photos to, read when the phone comes with its code */
  users: UserReader;
  /** the web app's origin: a capture link's URL opens its page there */
  webOrigin: string;
}

/** Taking photos in adds the decoding and the face check (a function of its own: docs/faces.md). */
export interface PhotoIntakeDeps extends PhotoDeps {
  images: PhotoImages;
  faces: FaceAnalyzer;
}
