// The image decoder and the face model, faked together: a "photo" is a few bytes that start like a JPEG and
// say what the real decoder and model would find in it (its size, light, sharpness, faces). FakePhotoImages
// applies the limits as functions/adapters/images/sharp-images.ts does (pixels, short side, sizes after
// scaling); FakeFaceAnalyzer reads the faces back from the pixels it is handed.
import type {
  AnalyseOptions,
  DetectedFace,
  FaceAnalysis,
  FaceAnalyzer,
  FaceInput,
  RelativeBox,
} from '../../../functions/domain/faces/ports.ts';
import type { PhotoImages, PrepareLimits, PrepareResult } from '../../../functions/domain/photos/ports.ts';
import { FACE_RULES } from '../../../shared/face-rules.ts';

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
    ...spec,
  };
  return new Uint8Array([...JPEG, ...Buffer.from(MARK + JSON.stringify(full))]);
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

export class FakePhotoImages implements PhotoImages {
  calls = 0;

  async prepare(bytes: Uint8Array, limits: PrepareLimits): Promise<PrepareResult> {
    this.calls += 1;
    const spec = readSpec(bytes);
    if (!spec) return { ok: false, reason: 'not-an-image' };
    if (spec.width * spec.height > limits.maxPixels) return { ok: false, reason: 'too-many-pixels' };
    if (Math.min(spec.width, spec.height) < limits.minShortSide) return { ok: false, reason: 'too-small' };
    const stored = inside(spec.width, spec.height, limits.storedLongSide);
    const measured = inside(spec.width, spec.height, limits.measureLongSide);
    return {
      ok: true,
      photo: {
        // The stored image says what it is too, so a test can tell which photo a file came from.
        image: fakePhoto({ ...spec, ...stored }),
        contentType: 'image/jpeg',
        thumbnail: new Uint8Array(Math.min(1000, limits.thumbnailMaxBytes)),
        // The model reads the faces from here (FakeFaceAnalyzer).
        pixels: { rgb: Buffer.from(JSON.stringify(spec.faces)), ...measured },
        measures: { ...stored, meanLuma: spec.meanLuma, sharpness: spec.sharpness },
      },
    };
  }
}

/** 128 values: zero but for one place per person, so two people are 0.71 apart and one person 0. */
export function descriptorOf(person: string): number[] {
  let place = 0;
  for (const c of person) place = (place * 31 + c.charCodeAt(0)) % 128;
  return Array.from({ length: 128 }, (_, i) => (i === place ? 0.5 : 0));
}

export class FakeFaceAnalyzer implements FaceAnalyzer {
  calls = 0;
  /** the model cannot run (it failed to load): every analysis throws */
  broken = false;

  async analyse(input: FaceInput, options: AnalyseOptions = {}): Promise<FaceAnalysis> {
    this.calls += 1;
    if (this.broken) throw new Error('face model failed to load (FakeFaceAnalyzer.broken)');
    let faces: FakeFace[];
    let size: { width: number; height: number };
    if ('rgb' in input) {
      faces = JSON.parse(Buffer.from(input.rgb).toString('utf8')) as FakeFace[];
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
        const box = f.box ?? { x: 0.35, y: 0.2, width: 0.3, height: 0.4 };
        return {
          score: f.score ?? 0.95,
          box,
          eyes: {
            left: { x: box.x + box.width * 0.3, y: box.y + box.height * 0.4 },
            right: { x: box.x + box.width * 0.7, y: box.y + box.height * 0.4 },
          },
          sharpness: f.sharpness ?? 200,
          descriptor: descriptorOf(f.person ?? 'ada'),
        };
      })
      .filter((f) => f.score >= minConfidence)
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { ...size, faces: detected };
  }
}
