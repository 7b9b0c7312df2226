// Photos: uploads and their checks, the phone's capture links.
// Its routes and their bodies; shared/api-routes.ts merges every area's routes into the one apiRoutes table.
import * as z from 'zod/mini';
import { CAPTURE_LINK_STATUSES } from '../capture-rules.ts';
import {
  PHOTO_LIMITS,
  QUALITY_HINTS,
  QUALITY_REASONS,
  REJECTION_REASONS,
  SET_QUALITY_REASONS,
} from '../photo-rules.ts';
import { FaceBox, FileData, Language, Success } from './common.ts';
import { route } from './route.ts';

// Reference photos. Beyond the original API's `filename` and `size`, a photo
// carries what the Manage Photos screen shows without moving base64 in its hot path.
const QualityHint = z.enum(QUALITY_HINTS);

export const PhotoConsent = z.object({
  /** consent to processing by the AI provider */
  processing: z.boolean(),
  /** confirmation of the rights to the images and the consent of identifiable people */
  rights: z.boolean(),
  /** the wording version both were given under; null before any */
  version: z.nullable(z.string()),
  /** Unix seconds of the last change; null before any */
  updated_at: z.nullable(z.number()),
});

export type PhotoConsent = z.infer<typeof PhotoConsent>;

/** A photo's quality score, 0-100, and what lowered it, the costliest first (docs/faces.md, "Quality score"). */
export const PhotoQuality = z.object({ score: z.number(), reasons: z.array(z.enum(QUALITY_REASONS)) });

export type PhotoQuality = z.infer<typeof PhotoQuality>;

/** The set's score; its first reason is the one thing that would raise it most. */
export const SetQuality = z.object({ score: z.number(), reasons: z.array(z.enum(SET_QUALITY_REASONS)) });

export type SetQuality = z.infer<typeof SetQuality>;

export const PhotoFile = z.object({
  filename: z.string(),
  size: z.number(),
  /** the name the file had on the user's device */
  original_name: z.string(),
  content_type: z.string(),
  width: z.number(),
  height: z.number(),
  uploaded_at: z.number(),
  /** deleted automatically at this time (Unix seconds) */
  expires_at: z.number(),
  hints: z.array(QualityHint),
  /** short-lived URLs (PHOTO_LIMITS.viewUrlSeconds) */
  thumbnail_url: z.string(),
  url: z.string(),
  /** where the face is, when the upload's face check found it (the gallery's before/after frames it) */
  face_box: z.optional(FaceBox),
  quality: PhotoQuality,
});

export type PhotoFile = z.infer<typeof PhotoFile>;

export const PhotoList = z.object({
  success: z.boolean(),
  /** newest first */
  files: z.array(PhotoFile),
  consent: PhotoConsent,
  delete_after_generation: z.boolean(),
  set_quality: SetQuality,
});

export type PhotoList = z.infer<typeof PhotoList>;

const Rejection = z.object({ name: z.string(), reason: z.enum(REJECTION_REASONS), message: z.string() });

export type Rejection = z.infer<typeof Rejection>;

/** The upload response; `rejections` says why each rejected file was refused. */
export const UploadResult = z.object({
  success: z.boolean(),
  files: z.array(z.string()),
  rejected: z.array(z.string()),
  rejectedCount: z.number(),
  rejections: z.array(Rejection),
  /** the photos kept, with their scores: the phone's capture page cannot list photos */
  photos: z.optional(
    z.array(z.object({ filename: z.string(), quality: PhotoQuality, hints: z.array(QualityHint) })),
  ),
});

export type UploadResult = z.infer<typeof UploadResult>;

const DisplayName = z.string().check(z.minLength(1), z.maxLength(255));

export const UploadTargetsRequest = z.strictObject({
  files: z
    .array(z.strictObject({ name: DisplayName, type: z.string().check(z.maxLength(100)), size: z.int() }))
    .check(z.minLength(1), z.maxLength(PHOTO_LIMITS.maxPhotos)),
});

/** A browser upload straight to S3: POST `fields` and then the file, as multipart/form-data, to `url`. */
export const UploadTarget = z.object({
  /** the file's name on the device, as sent */
  name: z.string(),
  /** the upload to confirm */
  id: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});

export type UploadTarget = z.infer<typeof UploadTarget>;

export const UploadTargets = z.object({
  success: z.boolean(),
  targets: z.array(UploadTarget),
  rejected: z.array(z.string()),
  rejectedCount: z.number(),
  rejections: z.array(Rejection),
  expires_in: z.number(),
});

export type UploadTargets = z.infer<typeof UploadTargets>;

export const ConfirmUploadsRequest = z.strictObject({
  uploads: z
    .array(z.strictObject({ id: z.string().check(z.maxLength(200)), name: z.optional(DisplayName) }))
    .check(z.minLength(1), z.maxLength(PHOTO_LIMITS.maxPerConfirm)),
});

export const PhotoConsentRequest = z.strictObject({ processing: z.boolean(), rights: z.boolean() });

export const PhotoConsentResult = z.object({ success: z.boolean(), consent: PhotoConsent });

export const PhotoRetentionRequest = z.strictObject({ delete_after_generation: z.boolean() });

export const PhotoRetentionResult = z.object({ success: z.boolean(), delete_after_generation: z.boolean() });

/** Capture links (shared/capture-rules.ts): the desktop makes one in the page's language. */
export const CaptureLinkRequest = z.strictObject({ language: Language });

/** `url` opens the phone's capture page (`/capture/<code>`, `/fr/capture/<code>`); `expires_at` ISO 8601. */
export const CaptureLink = z.object({ code: z.string(), url: z.string(), expires_at: z.string() });

export type CaptureLink = z.infer<typeof CaptureLink>;

/** The account's latest link, as the desktop panel polls it. */
export const CaptureLinkState = z.object({
  code: z.string(),
  url: z.string(),
  expires_at: z.string(),
  photos_added: z.number(),
  status: z.enum(CAPTURE_LINK_STATUSES),
});

export type CaptureLinkState = z.infer<typeof CaptureLinkState>;

/** The phone's open: `device` is the secret it sends back as X-Capture-Device from then on. */
export const CaptureLinkOpened = z.object({
  device: z.string(),
  language: Language,
  expires_at: z.string(),
  photos_added: z.number(),
  photos_left: z.number(),
});

export type CaptureLinkOpened = z.infer<typeof CaptureLinkOpened>;

export const photosRoutes = {
  listPhotos: route({
    method: 'GET',
    path: '/photos',
    group: 'photos',
    access: 'user',
    response: PhotoList,
  }),
  photoData: route({
    method: 'GET',
    path: '/photos/data/{filename}',
    group: 'photos',
    access: 'user',
    response: FileData,
    queryToken: true,
  }),
  uploadPhotos: route({
    method: 'POST',
    path: '/photos/upload',
    // Decoded and face-checked: a function of its own, so GET /photos never waits behind it.
    group: 'photo-intake',
    access: 'user',
    request: 'multipart',
    response: UploadResult,
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/photos/{filename}',
    group: 'photos',
    access: 'user',
    response: Success,
  }),
  /** Beyond the original API: presigned POSTs the browser uploads to S3 with, then confirms. */
  photoUploadTargets: route({
    method: 'POST',
    path: '/photos/upload-targets',
    group: 'photos',
    access: 'user-or-capture',
    request: UploadTargetsRequest,
    response: UploadTargets,
  }),
  confirmPhotoUploads: route({
    method: 'POST',
    path: '/photos/confirm',
    // Decoded and face-checked: a function of its own, so GET /photos never waits behind it.
    group: 'photo-intake',
    access: 'user-or-capture',
    request: ConfirmUploadsRequest,
    response: UploadResult,
  }),
  /** Records (or, with false, withdraws) the two consents of the Manage Photos screen. */
  photoConsent: route({
    method: 'PUT',
    path: '/photos/consent',
    group: 'photos',
    access: 'user',
    request: PhotoConsentRequest,
    response: PhotoConsentResult,
  }),
  /** "Delete my photos once my avatars are ready". */
  photoRetention: route({
    method: 'PUT',
    path: '/photos/retention',
    group: 'photos',
    access: 'user',
    request: PhotoRetentionRequest,
    response: PhotoRetentionResult,
  }),
  /**
   * Beyond the original API: a capture link for taking selfies with the phone (docs/product.md, "Selfies from the
   * phone"); needs both photo consents. Making one ends the account's previous one.
   */
  createCaptureLink: route({
    method: 'POST',
    path: '/photos/capture-links',
    group: 'photos',
    access: 'user',
    request: CaptureLinkRequest,
    response: CaptureLink,
  }),
  /** The account's latest capture link and how far it went; 404 when it has none. */
  currentCaptureLink: route({
    method: 'GET',
    path: '/photos/capture-links/current',
    group: 'photos',
    access: 'user',
    response: CaptureLinkState,
  }),
  /**
   * The phone opens a link with its X-Capture-Code header alone: the first device is bound to it (its secret
   * in the answer); another one gets 403. Rate-limited per source address.
   */
  openCaptureLink: route({
    method: 'POST',
    path: '/photos/capture-links/open',
    group: 'photos',
    access: 'public',
    response: CaptureLinkOpened,
  }),
  /** The desktop closes its link (owner only; another account's code is 404). */
  revokeCaptureLink: route({
    method: 'DELETE',
    path: '/photos/capture-links/{code}',
    group: 'photos',
    access: 'user',
    response: Success,
  }),
} as const;
