// The quality score of a photo and of the set (docs/faces.md, "Quality score"): 0-100 with the reasons that
// lowered it, computed from what the photo's record stores (the face check's box and sharpness, and the
// measures taken at intake from the model's own output), so listing photos never runs the model again.
import { FACE_ANALYSIS_LONG_SIDE } from '../../../shared/face-rules.ts';
import type { QualityReason, SetQualityReason } from '../../../shared/photo-rules.ts';
import { mayShowSomeoneElse } from '../faces/faces.ts';
import type { DetectedFace, FaceAnalysis, RelativePoint } from '../faces/ports.ts';
import type { PhotoRecord } from './ports.ts';

/**
 * What intake measures on the face, beyond the face check's box and sharpness. Numbers only: no landmark and
 * nothing that identifies the person (the descriptor stays in `face`). Absent on photos stored before.
 */
export interface PhotoMeasures {
  /** mean luma (0-255) of the face box */
  faceLuma: number;
  /** mean luma of the band around the face box (half a face wide): much brighter than the face is backlight */
  aroundLuma: number;
  /** mean luma of the two eye regions: far darker than the face is dark glasses */
  eyesLuma: number;
  /** (right half - left half) / (right + left) of the face's luma: which side the light comes from */
  lightSide: number;
  /** degrees from the landmarks, 0 facing the camera, positive turned to the viewer's right; 90 a profile */
  yaw: number;
  /** degrees from the landmarks, 0 level, positive looking up */
  pitch: number;
  /** eye aspect ratio, the mean of both eyes (about 0.3 open, under 0.15 closed) */
  eyeOpening: number;
  /** mouth width over the distance between the eyes' centres (wider when smiling) */
  smile: number;
  /** the lips' gap over the mouth's width (open mouth, laughter) */
  mouthOpen: number;
}

/** What the analyzer measures on the pixels it already holds (functions/adapters/faces/face-api-analyzer.ts). */
export type FaceLight = NonNullable<DetectedFace['light']>;

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
  'face-small': { good: 300, shown: 150, bad: 60, weight: 25 },
  /** the face check's sharpness (FACE_RULES.blurryFaceBelow shows the hint at 50) */
  'face-blurry': { good: 150, shown: 50, bad: 15, weight: 35 },
  /** mean luma of the face */
  'face-dark': { good: 90, shown: 60, bad: 25, weight: 30 },
  'face-bright': { good: 190, shown: 215, bad: 245, weight: 25 },
  /** the surroundings' luma over the face's */
  backlit: { good: 1.3, shown: 1.7, bad: 2.4, weight: 20 },
  /** |yaw| in degrees: a three-quarter view (about 45) is fine, a profile (90) is not */
  'head-turned': { good: 35, shown: 55, bad: 80, weight: 25 },
  /** |pitch| in degrees */
  'head-tilted': { good: 15, shown: 25, bad: 40, weight: 15 },
  /** eye aspect ratio */
  'eyes-closed': { good: 0.22, shown: 0.16, bad: 0.1, weight: 25 },
  /** the eyes' luma over the face's */
  'dark-glasses': { good: 0.7, shown: 0.45, bad: 0.3, weight: 25 },
  /** share of the face estimated beyond the frame */
  'face-cut': { good: 0, shown: 0.08, bad: 0.35, weight: 25 },
} as const satisfies Record<QualityReason, Ramp>;

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
  return touchesSide || touchesTopOrBottom ? Math.max(cut, 0.05) : 0;
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
  const total = lost.reduce((sum, l) => sum + l.points, 0);
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
  photos: { weight: 0.4, full: 8 },
  angles: { weight: 0.2, fullYawRange: 30 },
  expressions: { weight: 0.2, fullSmileRange: 0.12, fullMouthOpenRange: 0.15 },
  lighting: { weight: 0.2, fullLumaRange: 40, fullSideRange: 0.2 },
  /** points off at most (every photo flagged) for photos that may show someone else */
  someoneElse: 40,
  /** a reason is given when following it would add at least this many points */
  minGain: 2,
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
    ['better-photos', r.meanShare * (100 - mean)],
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

// --- The measures, at intake: from the model's landmarks (never stored) and the analyzer's light figures.

const dist = (a: RelativePoint, b: RelativePoint) => Math.hypot(a.x - b.x, a.y - b.y);
const mid = (a: RelativePoint, b: RelativePoint) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const degrees = (radians: number) => (radians * 180) / Math.PI;
const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** The eye aspect ratio of one eye's six landmarks (corner, two upper, corner, two lower). */
function eyeAspect(p: RelativePoint[]): number {
  const [p1, p2, p3, p4, p5, p6] = p as [
    RelativePoint,
    RelativePoint,
    RelativePoint,
    RelativePoint,
    RelativePoint,
    RelativePoint,
  ];
  return (dist(p2, p6) + dist(p3, p5)) / (2 * Math.max(dist(p1, p4), 1e-6));
}

/** Pitch's level: where the nose tip sits between the eyes' line and the chin on the fixtures' level faces. */
const LEVEL_NOSE_SHARE = 0.36;

/**
 * The figures the score needs from one face: the landmarks (68, in the iBUG order, as shares of the image)
 * read here in px, turned so the eyes' line is horizontal; the light from the analyzer. Null without
 * landmarks or light (another analyzer, a test double).
 */
export function measureFace(
  analysis: Pick<FaceAnalysis, 'width' | 'height'>,
  face: DetectedFace,
): PhotoMeasures | null {
  const marks = face.landmarks;
  const light = face.light;
  if (!marks || marks.length < 68 || !light) return null;
  const px = marks.map((p) => ({ x: p.x * analysis.width, y: p.y * analysis.height }));
  const at = (i: number) => px[i] as RelativePoint;
  const centreOf = (from: number, to: number) => {
    const pts = px.slice(from, to + 1);
    return {
      x: pts.reduce((s, p) => s + p.x, 0) / pts.length,
      y: pts.reduce((s, p) => s + p.y, 0) / pts.length,
    };
  };
  const leftEye = centreOf(36, 41);
  const rightEye = centreOf(42, 47);
  // Into the face's own frame: x along the eyes' line, y down the face.
  const angle = Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x);
  const origin = mid(leftEye, rightEye);
  const local = (p: RelativePoint) => {
    const dx = p.x - origin.x;
    const dy = p.y - origin.y;
    return {
      x: dx * Math.cos(angle) + dy * Math.sin(angle),
      y: -dx * Math.sin(angle) + dy * Math.cos(angle),
    };
  };
  const jawLeft = local(at(0));
  const jawRight = local(at(16));
  const nose = local(at(30));
  const chin = local(at(8));
  // Yaw: the nose tip's place between the jaw's two sides (0.5 facing the camera, near 0 or 1 in profile).
  const across = (nose.x - jawLeft.x) / Math.max(jawRight.x - jawLeft.x, 1e-6);
  const yaw = degrees(Math.asin(Math.max(-1, Math.min(1, 2 * across - 1))));
  // Pitch: the nose tip's place between the eyes' line and the chin (higher when the head tips back).
  const down = nose.y / Math.max(chin.y, 1e-6);
  const pitch = degrees(Math.asin(Math.max(-1, Math.min(1, (LEVEL_NOSE_SHARE - down) * 2.5))));
  const eyeOpening = (eyeAspect(px.slice(36, 42)) + eyeAspect(px.slice(42, 48))) / 2;
  const eyeGap = Math.max(dist(leftEye, rightEye), 1e-6);
  const mouthWidth = dist(at(48), at(54));
  const lipGap = dist(at(62), at(66));
  return {
    faceLuma: round(light.face, 1),
    aroundLuma: round(light.around, 1),
    eyesLuma: round(light.eyes, 1),
    lightSide: round((light.right - light.left) / Math.max(light.right + light.left, 1), 3),
    yaw: round(yaw, 1),
    pitch: round(pitch, 1),
    eyeOpening: round(eyeOpening, 3),
    smile: round(mouthWidth / eyeGap, 3),
    mouthOpen: round(lipGap / Math.max(mouthWidth, 1e-6), 3),
  };
}
