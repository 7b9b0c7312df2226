// The quality score of a photo and of the set (docs/faces.md, "Quality score"): 0-100 with the reasons that
// lowered it, computed from what the photo's record stores (the face check's box and sharpness, and the
// measures taken at intake from the model's own output), so listing photos never runs the model again.
import { FACE_ANALYSIS_LONG_SIDE } from '#shared/face-rules.ts';
import {
  PHOTO_LIMITS,
  type QualityHint,
  type QualityReason,
  type SetQualityReason,
} from '#shared/photo-rules.ts';
import type { PhotoMeasures } from './faces/face-measures.ts';
import { mayShowSomeoneElse } from './faces/faces.ts';
import type { PhotoRecord } from './ports.ts';
import { HINT_THRESHOLDS } from './quality.ts';

export type { PhotoMeasures };

type Ramp = {
  /** no penalty on this side of `good` */
  good: number;
  /** the reason is shown past this */
  shown: number;
  /** the full weight past this */
  bad: number;
  weight: number;
};

/**
 * Each reason's weight (points off 100 at its worst) and its ramp: nothing off up to `good`, the reason shown
 * past `shown`, the whole weight past `bad`, linear between. The figures come from the fixture photos
 * (docs/faces.md, "Quality score").
 */
export const QUALITY_RULES = {
  /** px of the face box's shorter side in the analysed copy (long side at most FACE_ANALYSIS_LONG_SIDE) */
  'face-small': { good: 480, shown: 150, bad: 60, weight: 25 },
  /** the face check's sharpness (FACE_RULES.blurryFaceBelow shows the hint at 50) */
  'face-blurry': { good: 150, shown: 50, bad: 15, weight: 35 },
  /** mean luma of the face */
  'face-dark': { good: 90, shown: 60, bad: 25, weight: 30 },
  'face-bright': { good: 190, shown: 215, bad: 245, weight: 25 },
  /** the surroundings' luma over the face's */
  backlit: { good: 1.5, shown: 1.8, bad: 2.6, weight: 20 },
  /** |yaw| in degrees: a three-quarter view (about 45) is fine, a profile (90) is not */
  'head-turned': { good: 35, shown: 55, bad: 80, weight: 25 },
  /** |pitch| in degrees */
  'head-tilted': { good: 15, shown: 25, bad: 40, weight: 15 },
  /** eye aspect ratio */
  'eyes-closed': { good: 0.22, shown: 0.16, bad: 0.1, weight: 25 },
  /** the eyes' luma over the face's */
  'dark-glasses': { good: 0.5, shown: 0.4, bad: 0.25, weight: 25 },
  /** share of the face estimated beyond the frame */
  'face-cut': { good: 0, shown: 0.04, bad: 0.3, weight: 25 },
} as const satisfies Record<QualityReason, Ramp>;

/**
 * A photo under HINT_THRESHOLDS.smallShortSide (the card's "Low resolution" warning, which explains it) loses
 * up to this many points: none at the threshold, all of them at the smallest photo kept (PHOTO_LIMITS.
 * minShortSide). A little only: the face's own size ('face-small') is what the likeness needs most.
 */
export const LOW_RESOLUTION_POINTS = 10;

/**
 * The whole-image hints the screens show beside the score, so that the two tell one story: for a photo whose
 * face's light was measured, 'dark' and 'bright' (the whole frame's mean) are not shown, the score's
 * 'face-dark' / 'face-bright' speak for the face (a dark room around a well-lit face is fine). Photos stored
 * before the measures keep them: their score takes its light from those hints.
 */
export function shownHints(photo: Pick<PhotoRecord, 'hints' | 'measures'>): QualityHint[] {
  return photo.measures ? photo.hints.filter((h) => h !== 'dark' && h !== 'bright') : photo.hints;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const share = (value: number, r: Ramp) => clamp01((value - r.good) / (r.bad - r.good));
const past = (value: number, r: Ramp) => (r.bad > r.good ? value > r.shown : value < r.shown);

/** The face box's shorter side in px of the analysed copy, from the record (old photos have it too). */
export function faceSide(photo: Pick<PhotoRecord, 'width' | 'height' | 'face'>): number | null {
  if (!photo.face) return null;
  const scale = Math.min(1, FACE_ANALYSIS_LONG_SIDE / Math.max(photo.width, photo.height));
  return Math.min(photo.face.box.width * photo.width, photo.face.box.height * photo.height) * scale;
}

/** A face box's height over its width, as the detector draws a whole face (fixtures: docs/faces.md). */
const WHOLE_FACE_RATIO = 1.2;
/** A box within this share of the frame touches the edge (the detector clips its boxes to the frame). */
const EDGE = 0.005;
/** A face touching the frame lost at least its hair or chin: counted as this share cut. */
const MIN_CUT = 0.1;

/**
 * The share of the face beyond the frame: the detector clips its box at the edge, so a box touching an edge
 * and shorter than a whole face's proportions lost that much.
 */
export function faceCut(
  box: { x: number; y: number; width: number; height: number },
  aspect: number,
): number {
  const w = box.width;
  const h = box.height * aspect;
  const touchesSide = box.x <= EDGE || box.x + box.width >= 1 - EDGE;
  const touchesTopOrBottom = box.y <= EDGE || box.y + box.height >= 1 - EDGE;
  let cut = 0;
  if (touchesSide) cut = Math.max(cut, 1 - w / (h / WHOLE_FACE_RATIO));
  if (touchesTopOrBottom) cut = Math.max(cut, 1 - h / (w * WHOLE_FACE_RATIO));
  return touchesSide || touchesTopOrBottom ? Math.max(cut, MIN_CUT) : 0;
}

export interface Quality<R> {
  score: number;
  reasons: R[];
}

/** A photo's score: 100 less each reason's share of its weight; the reasons, the costliest first. */
export function photoQuality(photo: PhotoRecord): Quality<QualityReason> {
  const values: Partial<Record<QualityReason, number>> = {};
  const side = faceSide(photo);
  if (photo.face && side !== null) {
    values['face-small'] = side;
    values['face-blurry'] = photo.face.sharpness;
    values['face-cut'] = faceCut(photo.face.box, photo.height / photo.width);
  }
  const m = photo.measures;
  if (m) {
    values['face-dark'] = m.faceLuma;
    values['face-bright'] = m.faceLuma;
    values.backlit = m.aroundLuma / Math.max(m.faceLuma, 1);
    values['head-turned'] = Math.abs(m.yaw);
    values['head-tilted'] = Math.abs(m.pitch);
    values['eyes-closed'] = m.eyeOpening;
    values['dark-glasses'] = m.eyesLuma / Math.max(m.faceLuma, 1);
  }
  const lost: { reason: QualityReason; points: number; shown: boolean }[] = [];
  for (const [reason, value] of Object.entries(values) as [QualityReason, number][]) {
    const rule: Ramp = QUALITY_RULES[reason];
    lost.push({ reason, points: rule.weight * share(value, rule), shown: past(value, rule) });
  }
  // Photos measured before the score: the whole-image hints stand in for the face's light.
  if (!m) {
    if (photo.hints.includes('dark')) lost.push({ reason: 'face-dark', points: 20, shown: true });
    if (photo.hints.includes('bright')) lost.push({ reason: 'face-bright', points: 15, shown: true });
  }
  if (!photo.face && photo.hints.includes('blurry')) {
    lost.push({ reason: 'face-blurry', points: 25, shown: true });
  }
  const lowResolution = photo.hints.includes('small')
    ? LOW_RESOLUTION_POINTS *
      clamp01(
        (HINT_THRESHOLDS.smallShortSide - Math.min(photo.width, photo.height)) /
          (HINT_THRESHOLDS.smallShortSide - PHOTO_LIMITS.minShortSide),
      )
    : 0;
  const total = lost.reduce((sum, l) => sum + l.points, lowResolution);
  return {
    score: Math.max(0, Math.round(100 - total)),
    reasons: lost
      .filter((l) => l.shown)
      .sort((a, b) => b.points - a.points)
      .map((l) => l.reason),
  };
}

/**
 * The set's score: its photos' mean, with room for variety (several photos, angles, expressions, light), less
 * for photos that may show someone else (the likeness rule: docs/faces.md). The reasons, the one that would
 * raise the score most first.
 */
export const SET_RULES = {
  /** the mean of the photos weighs this much; variety the rest */
  meanShare: 0.7,
  /** variety's parts (sum 1) and where each is full */
  photos: { weight: 0.4, full: PHOTO_LIMITS.guidedMax },
  angles: { weight: 0.2, fullYawRange: 30 },
  expressions: { weight: 0.2, fullSmileRange: 0.12, fullMouthOpenRange: 0.15 },
  lighting: { weight: 0.2, fullLumaRange: 40, fullSideRange: 0.2 },
  /** points off at most (every photo flagged) for photos that may show someone else */
  someoneElse: 40,
  /** a reason is given when following it would add at least this many points */
  minGain: 2,
  /** "better photos" is asked for only under this mean: above it, no single photo is worth replacing */
  betterPhotosBelow: 85,
} as const;

const range = (values: number[]) => (values.length < 2 ? 0 : Math.max(...values) - Math.min(...values));

export function setQuality(photos: PhotoRecord[]): Quality<SetQualityReason> {
  const n = photos.length;
  if (n === 0) return { score: 0, reasons: ['more-photos'] };
  const mean = photos.reduce((sum, p) => sum + photoQuality(p).score, 0) / n;
  const measured = photos.flatMap((p) => (p.measures ? [p.measures] : []));
  const r = SET_RULES;
  const parts = {
    photos: clamp01(n / r.photos.full),
    angles: clamp01(range(measured.map((m) => m.yaw)) / r.angles.fullYawRange),
    expressions: clamp01(
      Math.max(
        range(measured.map((m) => m.smile)) / r.expressions.fullSmileRange,
        range(measured.map((m) => m.mouthOpen)) / r.expressions.fullMouthOpenRange,
      ),
    ),
    lighting: clamp01(
      Math.max(
        range(measured.map((m) => m.faceLuma)) / r.lighting.fullLumaRange,
        range(measured.map((m) => m.lightSide)) / r.lighting.fullSideRange,
      ),
    ),
  };
  const varietyPoints = (1 - r.meanShare) * 100;
  const variety =
    parts.photos * r.photos.weight +
    parts.angles * r.angles.weight +
    parts.expressions * r.expressions.weight +
    parts.lighting * r.lighting.weight;
  const flagged = mayShowSomeoneElse(photos).size;
  const someoneElse = (r.someoneElse * flagged) / n;
  const score = Math.round(r.meanShare * mean + varietyPoints * variety - someoneElse);
  const gains: [SetQualityReason, number][] = [
    ['someone-else', someoneElse],
    ['more-photos', varietyPoints * r.photos.weight * (1 - parts.photos)],
    ['better-photos', mean < r.betterPhotosBelow ? r.meanShare * (100 - mean) : 0],
    ['more-angles', varietyPoints * r.angles.weight * (1 - parts.angles)],
    ['more-expressions', varietyPoints * r.expressions.weight * (1 - parts.expressions)],
    ['more-lighting', varietyPoints * r.lighting.weight * (1 - parts.lighting)],
  ];
  return {
    score: Math.max(0, Math.min(100, score)),
    reasons: gains
      .filter(([, gain]) => gain >= r.minGain)
      .sort((a, b) => b[1] - a[1])
      .map(([reason]) => reason),
  };
}
