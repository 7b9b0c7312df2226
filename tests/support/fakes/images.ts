// The image decoder and the face model, faked together: a "photo" is a few bytes that start like a JPEG and
// say what the real decoder and model would find in it (its size, light, sharpness, faces). FakePhotoImages
// applies the limits as functions/photos/images/sharp-images.ts does (pixels, short side, sizes after
// scaling); FakeFaceAnalyzer reads the faces back from the pixels it is handed. The pixels are real RGB (a grey
// of the photo's light) with the faces written along their top row, so turning them (the domain's
// functions/photos/domain/orientation.ts) moves that row to another edge: the analyzer finds it there and knows
// how the face lies. A face lying on its side is found as the real model finds one (docs/faces.md, "Sideways
// photos"): the landmarks squeezed into the box and a descriptor far from the same face upright.

import { FACE_RULES } from '#shared/face-rules.ts';
import type {
  AnalyseOptions,
  DetectedFace,
  FaceAnalysis,
  FaceAnalyzer,
  FaceInput,
  RelativeBox,
} from '../../../functions/photos/domain/faces/ports.ts';
import type { Turn } from '../../../functions/photos/domain/orientation.ts';
import type { PhotoImages, PrepareLimits, PrepareResult } from '../../../functions/photos/domain/ports.ts';

export interface FakeFace {
  /** who it is: the same person gives the same descriptor, two people descriptors far apart */
  person?: string;
  score?: number;
  box?: RelativeBox;
  sharpness?: number;
}

export interface FakePhotoSpec {
  width?: number;
  height?: number;
  meanLuma?: number;
  sharpness?: number;
  faces?: FakeFace[];
  /** degrees clockwise the photo arrived turned from upright (without orientation data); default 0 */
  turned?: Turn;
  /** degrees the head is tilted (its eye line from the horizontal, clockwise); default 0 */
  tilt?: number;
}

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const MARK = 'FAKEPHOTO';

/** A photo's bytes: one face of "ada", 1600 x 1200, well lit and sharp, unless told otherwise. */
export function fakePhoto(spec: FakePhotoSpec = {}): Uint8Array {
  const full: Required<FakePhotoSpec> = {
    width: 1600,
    height: 1200,
    meanLuma: 128,
    sharpness: 100,
    faces: [{ person: 'ada' }],
    turned: 0,
    tilt: 0,
    ...spec,
  };
  return new Uint8Array([...JPEG, ...Buffer.from(MARK + JSON.stringify(full))]);
}

/** What a fake photo's bytes say it is (null when they are not one): a test reads a stored image back with it. */
export function readFakePhoto(bytes: Uint8Array): Required<FakePhotoSpec> | null {
  return readSpec(bytes);
}

function readSpec(bytes: Uint8Array): Required<FakePhotoSpec> | null {
  const text = Buffer.from(bytes.subarray(JPEG.length)).toString('utf8');
  if (!JPEG.every((b, i) => bytes[i] === b) || !text.startsWith(MARK)) return null;
  try {
    return JSON.parse(text.slice(MARK.length)) as Required<FakePhotoSpec>;
  } catch {
    return null;
  }
}

/** Scales a size so its long side is at most `long`. */
function inside(width: number, height: number, long: number): { width: number; height: number } {
  const k = Math.min(1, long / Math.max(width, height));
  return { width: Math.round(width * k), height: Math.round(height * k) };
}

/** What the fake's pixels carry along their top row. */
interface PixelNote {
  faces: FakeFace[];
  turned: Turn;
  tilt: number;
}

/** RGB pixels of the photo's grey, the note written along the top row after a mark. */
function notedPixels(note: PixelNote, size: { width: number; height: number }, grey: number) {
  const rgb = new Uint8Array(size.width * size.height * 3).fill(Math.round(grey));
  const text = Buffer.from(MARK + JSON.stringify(note));
  if (text.length > size.width * 3) throw new Error('FakePhotoImages: the faces do not fit in a row');
  rgb.set(text);
  return { rgb, ...size };
}

/** The note, wherever the top row went: along the top, down the right, back along the bottom, up the left. */
function readPixelNote(pixels: { rgb: Uint8Array; width: number; height: number }): {
  note: PixelNote;
  turnedSince: Turn;
} {
  const { rgb, width: w, height: h } = pixels;
  const edges: [Turn, (i: number) => number][] = [
    [0, (i) => i],
    [90, (i) => i * w + (w - 1)],
    [180, (i) => (h - 1) * w + (w - 1 - i)],
    [270, (i) => (h - 1 - i) * w],
  ];
  for (const [turnedSince, pixelAt] of edges) {
    const length = turnedSince === 0 || turnedSince === 180 ? w : h;
    const bytes: number[] = [];
    for (let i = 0; i < length && pixelAt(i) * 3 + 2 < rgb.length; i++) {
      const p = pixelAt(i) * 3;
      bytes.push(rgb[p] as number, rgb[p + 1] as number, rgb[p + 2] as number);
    }
    const text = Buffer.from(bytes).toString('latin1');
    if (!text.startsWith(MARK)) continue;
    const json = text.slice(MARK.length, text.lastIndexOf('}') + 1);
    return { note: JSON.parse(json) as PixelNote, turnedSince };
  }
  throw new Error('FakeFaceAnalyzer: these pixels did not come from FakePhotoImages');
}

const quarterTurns = (a: number, b: number) => ((((a + b) % 360) + 360) % 360) as Turn;

export class FakePhotoImages implements PhotoImages {
  calls = 0;
  /** the turns asked for, one per call (0 when none) */
  turns: Turn[] = [];

  async prepare(
    bytes: Uint8Array,
    limits: PrepareLimits,
    options: { turn?: Turn } = {},
  ): Promise<PrepareResult> {
    this.calls += 1;
    const turn = options.turn ?? 0;
    this.turns.push(turn);
    const spec = readSpec(bytes);
    if (!spec) return { ok: false, reason: 'not-an-image' };
    if (spec.width * spec.height > limits.maxPixels) return { ok: false, reason: 'too-many-pixels' };
    if (Math.min(spec.width, spec.height) < limits.minShortSide) return { ok: false, reason: 'too-small' };
    // Turned as sharp-images.ts turns it: after the decode, so every size below is of the turned photo.
    const sideways = turn === 90 || turn === 270;
    const [width, height] = sideways ? [spec.height, spec.width] : [spec.width, spec.height];
    const turned = quarterTurns(spec.turned ?? 0, turn);
    const stored = inside(width, height, limits.storedLongSide);
    const measured = inside(width, height, limits.measureLongSide);
    return {
      ok: true,
      photo: {
        // The stored image says what it is too (and how it lies), so a test can tell which photo a file came
        // from and which way up it was kept.
        image: fakePhoto({ ...spec, ...stored, turned }),
        contentType: 'image/jpeg',
        thumbnail: new Uint8Array(Math.min(1000, limits.thumbnailMaxBytes)),
        // The model reads the faces from here (FakeFaceAnalyzer).
        pixels: notedPixels({ faces: spec.faces, turned, tilt: spec.tilt ?? 0 }, measured, spec.meanLuma),
        measures: { ...stored, meanLuma: spec.meanLuma, sharpness: spec.sharpness },
      },
    };
  }
}

/** A box of an upright photo, where it is once the photo is turned clockwise by `turn`. */
function turnBox(box: RelativeBox, turn: Turn): RelativeBox {
  if (turn === 90) return { x: 1 - box.y - box.height, y: box.x, width: box.height, height: box.width };
  if (turn === 180) return { x: 1 - box.x - box.width, y: 1 - box.y - box.height, ...size(box) };
  if (turn === 270) return { x: box.y, y: 1 - box.x - box.width, width: box.height, height: box.width };
  return box;
}
const size = (box: RelativeBox) => ({ width: box.width, height: box.height });

/** 128 values: zero but for one place per person, so two people are 0.71 apart and one person 0. */
export function descriptorOf(person: string): number[] {
  let place = 0;
  for (const c of person) place = (place * 31 + c.charCodeAt(0)) % 128;
  return Array.from({ length: 128 }, (_, i) => (i === place ? 0.5 : 0));
}

/**
 * 68 landmarks in the iBUG order inside an upright face's box (shares of the image): the jaw along its lower
 * half, the chin (8) at its bottom, the brows, nose, eyes and mouth across its middle. Enough for the edits'
 * masks (edit-masks.ts), not a face.
 */
function landmarksIn(box: RelativeBox): { x: number; y: number }[] {
  const at = (u: number, v: number) => ({ x: box.x + box.width * u, y: box.y + box.height * v });
  const jaw = Array.from({ length: 17 }, (_, i) => {
    const t = (Math.PI * i) / 16;
    return at(0.5 - 0.5 * Math.cos(t), 0.5 + 0.5 * Math.sin(t));
  });
  const row = (n: number, u0: number, u1: number, v: number) =>
    Array.from({ length: n }, (_, i) => at(u0 + ((u1 - u0) * i) / (n - 1), v));
  return [
    ...jaw,
    ...row(10, 0.15, 0.85, 0.3),
    ...row(9, 0.45, 0.55, 0.55),
    ...row(6, 0.2, 0.4, 0.4),
    ...row(6, 0.6, 0.8, 0.4),
    ...row(20, 0.3, 0.7, 0.75),
  ];
}

export class FakeFaceAnalyzer implements FaceAnalyzer {
  calls = 0;
  /** the model cannot run (it failed to load): every analysis throws */
  broken = false;
  /** each face comes with its 68 landmarks (an upright face's: landmarksIn), as the real model's do */
  landmarks = false;

  async analyse(input: FaceInput, options: AnalyseOptions = {}): Promise<FaceAnalysis> {
    this.calls += 1;
    if (this.broken) throw new Error('face model failed to load (FakeFaceAnalyzer.broken)');
    let faces: FakeFace[];
    let size: { width: number; height: number };
    let lying: Turn = 0;
    let tilt = 0;
    if ('rgb' in input) {
      const { note, turnedSince } = readPixelNote(input);
      faces = note.faces;
      lying = quarterTurns(note.turned, turnedSince);
      tilt = note.tilt;
      size = { width: input.width, height: input.height };
    } else {
      const spec = readSpec(input.encoded);
      if (!spec) throw new Error('not an image');
      faces = spec.faces;
      size = inside(spec.width, spec.height, 1024);
    }
    const minConfidence = options.minConfidence ?? FACE_RULES.minConfidence;
    const detected = faces
      .map((f): DetectedFace => {
        const box = turnBox(f.box ?? { x: 0.35, y: 0.2, width: 0.3, height: 0.4 }, lying);
        // Upright: the eyes 0.4 of the box's width apart, level or along the head's tilt. Lying on its side:
        // level and squeezed together (0.2), as the real landmark network fits an upright face to the box.
        const half = lying === 0 ? 0.2 : 0.1;
        const radians = lying === 0 ? (tilt * Math.PI) / 180 : 0;
        const cx = (box.x + box.width / 2) * size.width;
        const cy = (box.y + box.height * 0.4) * size.height;
        const dx = Math.cos(radians) * half * box.width * size.width;
        const dy = Math.sin(radians) * half * box.width * size.width;
        return {
          // A face on its side is found with less confidence than upright (docs/faces.md, "Sideways photos").
          score: (f.score ?? 0.95) * (lying === 0 ? 1 : 0.75),
          box,
          eyes: {
            left: { x: (cx - dx) / size.width, y: (cy - dy) / size.height },
            right: { x: (cx + dx) / size.width, y: (cy + dy) / size.height },
          },
          sharpness: f.sharpness ?? 200,
          ...(this.landmarks ? { landmarks: landmarksIn(box) } : {}),
          descriptor: descriptorOf(
            lying === 0 ? (f.person ?? 'ada') : `${f.person ?? 'ada'}, lying ${lying}`,
          ),
        };
      })
      .filter((f) => f.score >= minConfidence)
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { ...size, faces: detected };
  }
}
