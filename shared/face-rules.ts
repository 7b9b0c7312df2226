// What the product measures on faces, in one place: the photo check at upload, the likeness score
// of every avatar and the likeness guarantee. Read by the photos function, the worker, the screens (which
// translate the codes), the privacy page and the tests. The thresholds were chosen from measurements on real
// photos (docs/faces.md gives the figures they came from).
import type { QualityHint } from './photo-rules.ts';

/** The photo is analysed on its normalised copy: upright, long side at most this. */
export const FACE_ANALYSIS_LONG_SIDE = 1024;

export const FACE_RULES = {
  /** the detector's confidence (0-1) for a face to count */
  minConfidence: 0.5,
  /**
   * The same for a finished avatar, lower: a detector trained on photos is less sure of a painted, cel-shaded
   * or pixel-art face (clear faces measured 0.32-0.46 in our stylised renders, stray patterns 0.05-0.28), and
   * "no face" refunds the avatar, so it must mean no face.
   */
  avatarMinConfidence: 0.3,
  /**
   * A second face counts as a person only when its box is at least this share of the largest face's side:
   * a face on a poster or far in the background does not make a group photo.
   */
  otherFaceMinRelativeSide: 0.4,
  /** px of the face box's shorter side at FACE_ANALYSIS_LONG_SIDE: below, the face is too small to render well */
  smallFaceSide: 100,
  /**
   * sharpness of the face region (variance of its Laplacian on the face brought to 112 px, scaled to a common
   * contrast): below, blurry. Sharp selfies measure 50-530 in our fixtures; the same faces out of focus
   * (Gaussian blur, sigma 4 at 900 px) 33-125, most under 50.
   */
  blurryFaceBelow: 50,
  /**
   * Euclidean distance between 128-value descriptors from a photo to the set's medoid above which the photo
   * "may show someone else". Re-lit, mirrored or re-cropped copies of one face measure 0.06-0.39 and two
   * different people 0.45-0.9 in our fixtures; real selfies of one person taken on different days spread
   * more than copies do, so the warning sits above the bulk of same-person pairs.
   */
  someoneElseAbove: 0.55,
  /** the warning needs a set to compare with: at least this many photos with a face */
  someoneElseMinPhotos: 2,
} as const;

/**
 * When a photo's face counts as upright (functions/photos/domain/orientation.ts): a photo whose face is not is
 * tried turned by 90, 180 and 270 degrees. The landmark network fits an upright face to whatever box the
 * detector gives it, so a face lying sideways often comes back with a level eye line; what gives it away is
 * the fit squeezed into the box (eyes close together) or a box wider than tall. Upright fixture selfies measure
 * an eye span of 0.32-0.50 of the box's width and a box 0.88-1.63 times as tall as wide; the same faces turned
 * 0.03-0.35 and 0.52-1.13 (docs/faces.md, "Sideways photos").
 */
export const UPRIGHT_FACE = {
  /**
   * degrees between the eye line and the horizontal, as the photo came: a face tilted less (and fitting its box
   * as an upright face does) is left as it is, without trying turns. The fixtures' upright heads reach 46
   * degrees (person 0, the test photos' default face); a face on its side is told by its fit, not by this.
   */
  leaveTilt: 50,
  /** the same, for a turn to be kept: only a clearly upright face is worth turning the photo for */
  maxTilt: 30,
  /** the distance between the eyes' centres over the box's width */
  minEyeSpan: 0.3,
  /** the box's height over its width, in pixels */
  minBoxAspect: 0.8,
} as const;

/** Warnings about the face, shown on the photo card; never a reason to refuse the photo. */
export const FACE_HINTS = [
  'face-small',
  'face-blurry',
  'someone-else',
] as const satisfies readonly QualityHint[];
export type FaceHint = (typeof FACE_HINTS)[number];

/**
 * The likeness score (0-100) from the distance between the avatar's face and the reference photos' faces
 * (the mean of the distances to each reference used): piecewise linear through these points, so a copy of
 * the face scores near 100, face-api's usual "same person" boundary (0.6) scores 50 and clearly different
 * people score under 20.
 */
export const LIKENESS_CURVE: readonly (readonly [distance: number, score: number])[] = [
  [0, 100],
  [0.3, 95],
  [0.45, 80],
  [0.6, 50],
  [0.75, 20],
  [0.9, 0],
];

/** Default of the per-stage setting: a DONE avatar scoring under this (or with no face) is refunded. */
export const DEFAULT_LIKENESS_GUARANTEE = 50;

/**
 * The guarantee's automatic refunds per account and UTC day (docs/faces.md, "The guarantee"): past them an
 * avatar under the threshold is kept and charged, and its card says why. A refund costs us a provider call,
 * so an account cannot turn the guarantee into free renders.
 */
export const LIKENESS_REFUNDS_PER_DAY = 10;

export function likenessFromDistance(distance: number): number {
  const curve = LIKENESS_CURVE;
  if (!Number.isFinite(distance) || distance < 0) throw new RangeError(`Not a distance: ${distance}`);
  for (let i = 1; i < curve.length; i++) {
    const [d1, s1] = curve[i] as readonly [number, number];
    if (distance <= d1) {
      const [d0, s0] = curve[i - 1] as readonly [number, number];
      return Math.round(s0 + ((distance - d0) / (d1 - d0)) * (s1 - s0));
    }
  }
  return 0;
}

/** Whether a task's likeness (null: no face in the avatar) falls under the guarantee. */
export const belowGuarantee = (likeness: number | null, threshold: number): boolean =>
  likeness === null || likeness < threshold;
