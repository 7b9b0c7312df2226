// What the quality score (functions/photos/domain/quality-score.ts) reads of a face beyond the face check:
// head pose, eyes and mouth from the model's 68 landmarks, and the light the analyzer read on the pixels it
// already had. Measured once at intake and stored on the photo's record; the landmarks themselves never are.
import type { DetectedFace, FaceAnalysis, RelativePoint } from './ports.ts';

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
