// Sideways and upside-down photos (docs/faces.md, "Sideways photos"): a photo that arrives turned without
// orientation data shows its face lying on its side, and the face model reads it badly (often no face, or a
// face whose descriptor is far from the same person's upright one: "someone else"). When the face found is
// not upright, the check tries the normalised pixels turned by 90, 270 and 180 degrees and keeps the turn whose
// face is. Upright photos cost nothing more: the extra model runs happen only for the others.
import { UPRIGHT_FACE } from '#shared/face-rules.ts';
import { peopleIn } from './faces/faces.ts';
import type { DetectedFace, FaceAnalysis } from './faces/ports.ts';

/** Degrees clockwise. */
export type Turn = 0 | 90 | 180 | 270;

export interface RgbPixels {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** The pixels turned clockwise by `turn` (RGB, 3 bytes a pixel): a new buffer, the input untouched. */
export function turnPixels(pixels: RgbPixels, turn: Turn): RgbPixels {
  const { rgb, width: w, height: h } = pixels;
  if (rgb.length !== w * h * 3) throw new RangeError('Turning pixels: expected RGB, 3 bytes a pixel');
  if (turn === 0) return { rgb: rgb.slice(), width: w, height: h };
  const sideways = turn !== 180;
  const width = sideways ? h : w;
  const height = sideways ? w : h;
  const out = new Uint8Array(rgb.length);
  // Where the turned image's pixel (x, y) was in the original: start + x * stepX + y * stepY (in pixels).
  const [start, stepX, stepY] =
    turn === 90 ? [(h - 1) * w, -w, 1] : turn === 180 ? [h * w - 1, -1, -w] : [w - 1, w, -1];
  let o = 0;
  for (let y = 0; y < height; y++) {
    let from = start + y * stepY;
    for (let x = 0; x < width; x++) {
      const s = from * 3;
      out[o++] = rgb[s] as number;
      out[o++] = rgb[s + 1] as number;
      out[o++] = rgb[s + 2] as number;
      from += stepX;
    }
  }
  return { rgb: out, width, height };
}

/** Degrees between the eye line (viewer's left eye to right eye) and the horizontal, -180 to 180. */
export function eyeLineAngle(face: DetectedFace, analysis: { width: number; height: number }): number {
  const dx = (face.eyes.right.x - face.eyes.left.x) * analysis.width;
  const dy = (face.eyes.right.y - face.eyes.left.y) * analysis.height;
  return (Math.atan2(dy, dx) * 180) / Math.PI;
}

/**
 * The analysis's main face when it is upright: its eye line within `maxTilt` degrees of the horizontal, the
 * eyes above the mouth, and the landmarks filling the box as an upright face does (shared/face-rules.ts says
 * why the eye line alone is not enough). Null when there is no face or it is not upright.
 */
export function uprightFace(
  analysis: FaceAnalysis,
  maxTilt: number = UPRIGHT_FACE.maxTilt,
): DetectedFace | null {
  const face = peopleIn(analysis)[0];
  if (!face) return null;
  const { width: W, height: H } = analysis;
  const dx = (face.eyes.right.x - face.eyes.left.x) * W;
  const dy = (face.eyes.right.y - face.eyes.left.y) * H;
  const span = Math.hypot(dx, dy);
  const boxWidth = face.box.width * W;
  const boxHeight = face.box.height * H;
  if (span === 0 || boxWidth === 0) return null;
  if (Math.abs(eyeLineAngle(face, analysis)) > maxTilt) return null;
  if (span / boxWidth < UPRIGHT_FACE.minEyeSpan) return null;
  if (boxHeight / boxWidth < UPRIGHT_FACE.minBoxAspect) return null;
  const mouth = face.landmarks?.slice(48, 68);
  if (mouth && mouth.length > 0) {
    const mx = (mouth.reduce((a, p) => a + p.x, 0) / mouth.length) * W;
    const my = (mouth.reduce((a, p) => a + p.y, 0) / mouth.length) * H;
    const ex = ((face.eyes.left.x + face.eyes.right.x) / 2) * W;
    const ey = ((face.eyes.left.y + face.eyes.right.y) / 2) * H;
    // The mouth's offset from the eyes along the eye line's "down" (the eye line turned a quarter clockwise).
    if ((mx - ex) * (-dy / span) + (my - ey) * (dx / span) <= 0) return null;
  }
  return face;
}

/** The turns tried for a photo whose face is not upright: sideways first (the usual case), then upside down. */
const TURNS: readonly Exclude<Turn, 0>[] = [90, 270, 180];

/**
 * The photo's analysis the way up its face is upright. A photo whose face is upright as it came (tilted up to
 * UPRIGHT_FACE.leaveTilt) is analysed once. Otherwise the pixels are analysed turned by 90, 270 and 180
 * degrees, and the turn whose face is upright (within UPRIGHT_FACE.maxTilt) with the detector's highest
 * confidence wins, if that confidence beats the face found as it came; else the photo stays as it came (a
 * tilted head, or no face at all: the check refuses it as before).
 */
export async function analyseUpright(
  pixels: RgbPixels,
  analyse: (pixels: RgbPixels) => Promise<FaceAnalysis>,
): Promise<{ turn: Turn; analysis: FaceAnalysis }> {
  const asItCame = await analyse(pixels);
  if (uprightFace(asItCame, UPRIGHT_FACE.leaveTilt)) return { turn: 0, analysis: asItCame };
  // A head tilted past the limit is found as it came with a confidence no turn beats; a face lying on its
  // side is found with less confidence than upright, or not at all. Turning a good photo would be worse than
  // leaving a sideways one, so a turn must beat the photo as it came.
  let best = { turn: 0 as Turn, analysis: asItCame, score: peopleIn(asItCame)[0]?.score ?? 0 };
  for (const turn of TURNS) {
    const analysis = await analyse(turnPixels(pixels, turn));
    const face = uprightFace(analysis);
    if (face && face.score > best.score) best = { turn, analysis, score: face.score };
  }
  return { turn: best.turn, analysis: best.analysis };
}
