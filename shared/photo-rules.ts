// The reference photos' rules, read by the photos function,
// the Manage Photos screen, the privacy page, the infrastructure (retention) and the tests.

/** What the file picker accepts and the server keeps: JPG, PNG and WEBP. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

export const PHOTO_LIMITS = {
  /** bytes per file */
  maxBytes: 15 * 1024 * 1024,
  /** photos an account keeps at once */
  maxPhotos: 20,
  /** at least this many to create avatars */
  neededForAvatars: 2,
  /**
   * The top of the upload guidance ("2 to 5 photos", docs/product.md step 3): the set's score counts photos
   * up to this many, so no screen asks for more than the guidance says.
   */
  guidedMax: 5,
  /** decoding refuses bigger images before allocating them (a PNG header can claim anything) */
  maxPixels: 40_000_000,
  /** px, the short side of the image after rotation */
  minShortSide: 512,
  /** px, the long side of the stored image */
  storedLongSide: 2048,
  /** px, the thumbnail's square side */
  thumbnailSide: 320,
  /** bytes */
  thumbnailMaxBytes: 30 * 1024,
  /** uploads confirmed per call, and files sent in one multipart request: each takes a few hundred ms of CPU */
  maxPerConfirm: 5,
  /**
   * photos an account may have checked (decoded and run through the face model) in an hour: every photo it
   * can keep, twice over, plus retries of what was refused
   */
  maxChecksPerHour: 60,
  /** a browser upload target (presigned POST) is valid this long */
  uploadTargetSeconds: 5 * 60,
  /**
   * upload targets an account may be handed within one uploadTargetSeconds window: every photo it can keep,
   * plus one confirm's worth of retries. Targets expire with the window, so this bounds the outstanding ones.
   */
  maxTargetsPerWindow: 20 + 5,
  /** the image and thumbnail URLs in GET /photos are valid this long */
  viewUrlSeconds: 15 * 60,
  /**
   * The multipart route's body, at most: what one Lambda invocation carries (6 MB) once API Gateway has
   * base64-encoded the body, with room for the event around it.
   */
  maxMultipartBytes: 4 * 1024 * 1024,
} as const;

/** Photos are deleted automatically this many days after upload (S3 lifecycle rule and record TTL). */
export const PHOTO_RETENTION_DAYS = 30;

/**
 * Warnings shown on a photo card before the user spends tokens on it; never a reason to refuse it. The face
 * hints (shared/face-rules.ts) come from the face check; for a photo with a face, 'face-blurry' (measured on
 * the face) stands in for the whole-image 'blurry'.
 */
export const QUALITY_HINTS = [
  'small',
  'blurry',
  'dark',
  'bright',
  // A literal list (no spread), so that pages which never show hints drop it from their JavaScript.
  'face-small',
  'face-blurry',
  'someone-else',
  // Information, not a warning: the photo came sideways or upside down and is kept upright
  // (docs/faces.md, "Sideways photos").
  'turned-upright',
] as const;
export type QualityHint = (typeof QUALITY_HINTS)[number];

/** Hints that say what the check did, not what to improve: the screens show them as information. */
export const INFORMATION_HINTS: readonly string[] = ['turned-upright'] satisfies QualityHint[];

/** Under this the screens say what the user risks (creating still works); from 80 a score reads as good. */
export const QUALITY_RISK_BELOW = 60;

/** A quality score's band on the screens (the meter, a photo's line, the phone's shot). */
export const qualityBand = (score: number): 'low' | 'fair' | 'good' =>
  score < QUALITY_RISK_BELOW ? 'low' : score < 80 ? 'fair' : 'good';

/**
 * What lowers a photo's quality score (functions/photos/domain/quality-score.ts; weights and thresholds in
 * docs/faces.md, "Quality score"). The API sends the codes, the screens show each one's instruction.
 * A literal list (no spread), so that pages which never show scores drop it from their JavaScript.
 */
export const QUALITY_REASONS = [
  'face-small',
  'face-blurry',
  'face-dark',
  'face-bright',
  'backlit',
  'head-turned',
  'head-tilted',
  'eyes-closed',
  'dark-glasses',
  'face-cut',
] as const;
export type QualityReason = (typeof QUALITY_REASONS)[number];

/** What lowers the set's score, the one that would raise it most first (docs/faces.md, "Quality score"). */
export const SET_QUALITY_REASONS = [
  'someone-else',
  'more-photos',
  'better-photos',
  'more-angles',
  'more-expressions',
  'more-lighting',
] as const;
export type SetQualityReason = (typeof SET_QUALITY_REASONS)[number];

/** Why a file was refused. */
export const REJECTION_REASONS = [
  'type',
  'size',
  'not-an-image',
  'too-small',
  'too-many-pixels',
  'limit',
  'not-found',
  'no-face',
  'several-faces',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/**
 * The wording of the two consent checkboxes the user ticked. A new version (new wording, a new AI provider)
 * means consents recorded under an older one no longer count.
 */
export const PHOTO_CONSENT_VERSION = '2026-11-22';

/** Over 25 characters, the first 22 plus an ellipsis. */
export function truncateFilename(name: string): string {
  const chars = [...name];
  return chars.length > 25 ? `${chars.slice(0, 22).join('')}...` : name;
}
