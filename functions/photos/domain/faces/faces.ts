// The rules on faces (shared/face-rules.ts holds the thresholds): what a photo's faces mean for the upload,
// which photo of a set may show someone else, and how much an avatar looks like its reference photos.
import type { FaceHint } from '#shared/face-rules.ts';
import { FACE_ANALYSIS_LONG_SIDE, FACE_RULES, likenessFromDistance } from '#shared/face-rules.ts';
import { measureFace, type PhotoMeasures } from './face-measures.ts';
import type { DetectedFace, FaceAnalysis, RelativeBox, RelativePoint } from './ports.ts';

/** What a photo's record keeps of its face (biometric data: the descriptor stays on that record only). */
export interface PhotoFace {
  box: RelativeBox;
  eyes: { left: RelativePoint; right: RelativePoint };
  sharpness: number;
  descriptor: number[];
}

type PhotoFaceCheck =
  | { ok: false; reason: 'no-face' | 'several-faces' }
  | { ok: true; face: PhotoFace; hints: FaceHint[]; measures: PhotoMeasures | null };

/** The faces that count as people: confident, and not tiny next to the main face (a poster, a passer-by). */
export function peopleIn(analysis: FaceAnalysis): DetectedFace[] {
  const [main, ...others] = analysis.faces;
  if (!main) return [];
  const side = (f: DetectedFace) => Math.min(f.box.width * analysis.width, f.box.height * analysis.height);
  const mainSide = side(main);
  return [main, ...others.filter((f) => side(f) >= mainSide * FACE_RULES.otherFaceMinRelativeSide)];
}

/** The upload's check of one photo: refused without exactly one person, warned when the face is small or soft. */
export function checkPhotoFace(analysis: FaceAnalysis): PhotoFaceCheck {
  const people = peopleIn(analysis);
  if (people.length === 0) return { ok: false, reason: 'no-face' };
  if (people.length > 1) return { ok: false, reason: 'several-faces' };
  const face = people[0] as DetectedFace;
  // The box's side at the normalised size, whatever size the analysed copy had.
  const scale = FACE_ANALYSIS_LONG_SIDE / Math.max(analysis.width, analysis.height);
  const side = Math.min(face.box.width * analysis.width, face.box.height * analysis.height) * scale;
  const hints: FaceHint[] = [];
  if (side < FACE_RULES.smallFaceSide) hints.push('face-small');
  if (face.sharpness < FACE_RULES.blurryFaceBelow) hints.push('face-blurry');
  return {
    ok: true,
    face: { box: face.box, eyes: face.eyes, sharpness: face.sharpness, descriptor: face.descriptor },
    hints,
    // What the quality score reads beyond the box and sharpness (face-measures.ts): the landmarks stop here.
    measures: measureFace(analysis, face),
  };
}

export function faceDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError('Descriptors of different lengths');
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(sum);
}

/** The member of the set with the smallest total distance to the others: the set's most typical face. */
function medoid(descriptors: readonly (readonly number[])[]): readonly number[] | null {
  let best: readonly number[] | null = null;
  let bestTotal = Infinity;
  for (const d of descriptors) {
    const total = descriptors.reduce((sum, other) => sum + faceDistance(d, other), 0);
    if (total < bestTotal) {
      best = d;
      bestTotal = total;
    }
  }
  return best;
}

/**
 * The photos whose face is far from the set's medoid: they may show someone else. Needs a set to compare with
 * (at least FACE_RULES.someoneElseMinPhotos faces). Recomputed whenever the set changes, so deleting a photo
 * re-evaluates the others.
 */
export function mayShowSomeoneElse<T extends { face: { descriptor: number[] } | null }>(
  photos: readonly T[],
): Set<T> {
  const withFace = photos.filter((p) => p.face);
  const flagged = new Set<T>();
  if (withFace.length < FACE_RULES.someoneElseMinPhotos) return flagged;
  const descriptorOf = (p: T) => (p.face as { descriptor: number[] }).descriptor;
  // Two faces far apart: nothing says which one is the user, so both are flagged.
  if (withFace.length === 2) {
    const [a, b] = withFace as [T, T];
    return faceDistance(descriptorOf(a), descriptorOf(b)) > FACE_RULES.someoneElseAbove
      ? new Set([a, b])
      : flagged;
  }
  const centre = medoid(withFace.map(descriptorOf));
  if (!centre) return flagged;
  for (const p of withFace) {
    if (faceDistance(descriptorOf(p), centre) > FACE_RULES.someoneElseAbove) flagged.add(p);
  }
  return flagged;
}

/**
 * The avatar's likeness (0-100) to the reference faces used for it: the mean distance from the avatar's face to
 * each, through LIKENESS_CURVE. Of several faces in the avatar (a crowd in the style), the one closest to the
 * references counts. Null likeness when the avatar shows no face (which fails the guarantee); null when no
 * reference had a measured face (nothing to compare with: not scored, not refunded).
 */
export function likenessScore(
  avatar: FaceAnalysis,
  references: readonly (readonly number[])[],
): { likeness: number | null; distance: number | null } | null {
  if (references.length === 0) return null;
  const people = peopleIn(avatar);
  if (people.length === 0) return { likeness: null, distance: null };
  const meanDistance = (f: DetectedFace) =>
    references.reduce((sum, r) => sum + faceDistance(f.descriptor, r), 0) / references.length;
  const distance = Math.min(...people.map(meanDistance));
  return { likeness: likenessFromDistance(distance), distance };
}
