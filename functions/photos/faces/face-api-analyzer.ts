// FaceAnalyzer over @vladmandic/face-api on TensorFlow.js's WebAssembly backend: no native binary, no
// download at run time. The weights (SSD MobileNet v1 detector, 68-point landmarks, 128-value recognition)
// and the .wasm files come from node_modules locally, or from the folders the Lambda bundle carries
// (infra/constructs/face-analysis.ts copies only those). The model is loaded once per process, on first use:
// routes that never analyse a face never pay for it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FACE_ANALYSIS_LONG_SIDE, FACE_RULES } from '#shared/face-rules.ts';
import type {
  AnalyseOptions,
  DetectedFace,
  FaceAnalysis,
  FaceAnalyzer,
  FaceInput,
  RelativePoint,
} from '../domain/faces/ports.ts';

import { BUNDLED_WASM_DIR, type Tf, tfWasm } from './tfjs-wasm.ts';

type FaceApi = typeof import('@vladmandic/face-api');

/** The bundle's folders (infra/constructs/face-analysis.ts), else the packages' own. */
export const BUNDLED_MODEL_DIR = 'face-models';
export { BUNDLED_WASM_DIR };

function modelDir(): string {
  const here = import.meta.dirname;
  if (existsSync(join(here, BUNDLED_MODEL_DIR))) return join(here, BUNDLED_MODEL_DIR);
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

interface Loaded {
  faceapi: FaceApi;
  tf: Tf;
  options: InstanceType<FaceApi['SsdMobilenetv1Options']>;
}

/** One load per weights folder (one in production): the networks are shared by every analysis. */
const loading = new Map<string, Promise<Loaded>>();

async function load(models: string): Promise<Loaded> {
  // The backend first (tfjs-wasm.ts, shared with the person segmenter), then face-api's CommonJS build, which
  // requires that same @tensorflow/tfjs.
  const tf = await tfWasm();
  const require = createRequire(import.meta.url);
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  await Promise.all([
    faceapi.nets.ssdMobilenetv1.loadFromDisk(models),
    faceapi.nets.faceLandmark68Net.loadFromDisk(models),
    faceapi.nets.faceRecognitionNet.loadFromDisk(models),
  ]);
  const options = new faceapi.SsdMobilenetv1Options({
    minConfidence: FACE_RULES.minConfidence,
    maxResults: 10,
  });
  return { faceapi, tf, options };
}

/** Loads the model once per process; a failed load is tried again on the next call. */
export function loadFaceModel(models = modelDir()): Promise<Loaded> {
  let pending = loading.get(models);
  if (!pending) {
    pending = load(models).catch((e) => {
      loading.delete(models);
      throw e;
    });
    loading.set(models, pending);
  }
  return pending;
}

type SharpFactory = typeof import('sharp').default;
let sharpLoading: Promise<SharpFactory> | null = null;
const loadSharp = () => {
  sharpLoading ??= import('sharp').then((m) => m.default);
  return sharpLoading;
};

/** Decodes an encoded image upright, at most FACE_ANALYSIS_LONG_SIDE, as RGB. */
async function decode(encoded: Uint8Array): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(encoded, { failOn: 'truncated' })
    .autoOrient()
    .resize({
      width: FACE_ANALYSIS_LONG_SIDE,
      height: FACE_ANALYSIS_LONG_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** The grey level's variance under which a region counts as flat: its edges are not scaled up further. */
const MIN_CONTRAST_VARIANCE = 12 * 12;
const REFERENCE_CONTRAST_VARIANCE = 48 * 48;
/** px: the face region is brought to this square before measuring, so a big face and a small one compare. */
const SHARPNESS_SIDE = 112;

/**
 * Sharpness of the face: the variance of the Laplacian of its grey levels, measured on the face box brought to
 * a fixed size and scaled to a common contrast (the whole-photo hint's measure, on the face alone, so a sharp
 * background cannot hide a blurred face).
 */
async function faceSharpness(
  pixels: { rgb: Uint8Array; width: number; height: number },
  box: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const sharp = await loadSharp();
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const width = Math.min(pixels.width - left, Math.floor(box.width));
  const height = Math.min(pixels.height - top, Math.floor(box.height));
  if (width < 8 || height < 8) return 0;
  const grey = await sharp(pixels.rgb, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(SHARPNESS_SIDE, SHARPNESS_SIDE, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  return laplacianSharpness(grey, SHARPNESS_SIDE, SHARPNESS_SIDE);
}

/** The variance of the Laplacian of a grey image, scaled to a common contrast. */
function laplacianSharpness(grey: Uint8Array, w: number, h: number): number {
  let sum = 0;
  let squares = 0;
  for (const v of grey) {
    sum += v;
    squares += v * v;
  }
  const mean = sum / grey.length;
  const contrast = Math.max(squares / grey.length - mean * mean, MIN_CONTRAST_VARIANCE);
  let lapSum = 0;
  let lapSquares = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const c = y * w + x;
      const lap =
        (grey[c - 1] as number) +
        (grey[c + 1] as number) +
        (grey[c - w] as number) +
        (grey[c + w] as number) -
        4 * (grey[c] as number);
      lapSum += lap;
      lapSquares += lap * lap;
      n++;
    }
  }
  const lapMean = lapSum / n;
  return ((lapSquares / n - lapMean * lapMean) * REFERENCE_CONTRAST_VARIANCE) / contrast;
}

/** Rec. 601 luma of the pixel at (x, y). */
const lumaAt = (rgb: Uint8Array, width: number, x: number, y: number) => {
  const i = (y * width + x) * 3;
  return 0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number);
};

type PxBox = { x: number; y: number; width: number; height: number };

/** Mean luma of a region (every `step`-th pixel each way), leaving out `hole`; null when nothing is left. */
function meanLuma(
  pixels: { rgb: Uint8Array; width: number; height: number },
  region: PxBox,
  step: number,
  hole?: PxBox,
): number | null {
  const x0 = Math.max(0, Math.floor(region.x));
  const y0 = Math.max(0, Math.floor(region.y));
  const x1 = Math.min(pixels.width, Math.ceil(region.x + region.width));
  const y1 = Math.min(pixels.height, Math.ceil(region.y + region.height));
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      if (hole && x >= hole.x && x < hole.x + hole.width && y >= hole.y && y < hole.y + hole.height) continue;
      sum += lumaAt(pixels.rgb, pixels.width, x, y);
      n++;
    }
  }
  return n > 0 ? sum / n : null;
}

/** The box around some landmarks, widened by `pad` of its width each way and at least `minTall` of it tall. */
function aroundPoints(points: { x: number; y: number }[], pad: number, minTall: number): PxBox {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const width = Math.max(...xs) - x;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const height = Math.max(Math.max(...ys) - Math.min(...ys), width * minTall);
  return { x: x - width * pad, y: cy - height / 2, width: width * (1 + 2 * pad), height };
}

/**
 * The face's light for the quality score (functions/photos/domain/quality-score.ts): mean luma of the face box,
 * of a band half a face wide around it, of the two eye regions and of the face's two halves. Read from the
 * pixels the model already ran on; about a tenth of the face's pixels.
 */
function faceLight(
  pixels: { rgb: Uint8Array; width: number; height: number },
  box: PxBox,
  eyes: { x: number; y: number }[][],
): NonNullable<DetectedFace['light']> {
  const step = Math.max(1, Math.round(Math.min(box.width, box.height) / 64));
  const face = meanLuma(pixels, box, step) ?? 0;
  const band = {
    x: box.x - box.width / 2,
    y: box.y - box.height / 2,
    width: box.width * 2,
    height: box.height * 2,
  };
  const around = meanLuma(pixels, band, step * 2, box) ?? face;
  const eyeLumas = eyes.map((points) => meanLuma(pixels, aroundPoints(points, 0.25, 0.6), 1) ?? face);
  // Read through the getters: the detector's box is a class whose fields do not spread.
  const half = { x: box.x, y: box.y, width: box.width / 2, height: box.height };
  return {
    face,
    around,
    eyes: eyeLumas.reduce((a, b) => a + b, 0) / eyeLumas.length,
    left: meanLuma(pixels, half, step) ?? face,
    right: meanLuma(pixels, { ...half, x: box.x + box.width / 2 }, step) ?? face,
  };
}

const centre = (points: { x: number; y: number }[], width: number, height: number): RelativePoint => ({
  x: points.reduce((a, p) => a + p.x, 0) / points.length / width,
  y: points.reduce((a, p) => a + p.y, 0) / points.length / height,
});

export class FaceApiAnalyzer implements FaceAnalyzer {
  private readonly modelDir: string | undefined;

  /** `modelDir`: another folder of weights (the tests point it at a broken one). */
  constructor(o: { modelDir?: string } = {}) {
    this.modelDir = o.modelDir;
  }

  async analyse(input: FaceInput, o: AnalyseOptions = {}): Promise<FaceAnalysis> {
    const [{ faceapi, tf, options: defaults }, pixels] = await Promise.all([
      loadFaceModel(this.modelDir),
      'encoded' in input ? decode(input.encoded) : Promise.resolve(input),
    ]);
    const { rgb, width, height } = pixels;
    if (rgb.length !== width * height * 3) throw new Error('Face analysis: expected RGB pixels');
    const options =
      o.minConfidence === undefined || o.minConfidence === defaults.minConfidence
        ? defaults
        : new faceapi.SsdMobilenetv1Options({
            minConfidence: o.minConfidence,
            maxResults: defaults.maxResults,
          });
    const tensor = tf.tensor3d(rgb, [height, width, 3], 'int32');
    let found: Awaited<ReturnType<typeof detect>>;
    try {
      found = await detect(faceapi, tensor, options);
    } finally {
      tensor.dispose();
    }
    const faces = await Promise.all(
      found.map(async (f): Promise<DetectedFace> => {
        const b = f.detection.box;
        const landmarks = f.landmarks;
        return {
          score: f.detection.score,
          box: { x: b.x / width, y: b.y / height, width: b.width / width, height: b.height / height },
          eyes: {
            left: centre(landmarks.getLeftEye(), width, height),
            right: centre(landmarks.getRightEye(), width, height),
          },
          landmarks: landmarks.positions.map((p) => ({ x: p.x / width, y: p.y / height })),
          sharpness: await faceSharpness(pixels, b),
          ...(o.light === false
            ? {}
            : { light: faceLight(pixels, b, [landmarks.getLeftEye(), landmarks.getRightEye()]) }),
          descriptor: Array.from(f.descriptor, (v) => Math.round(v * 1e6) / 1e6),
        };
      }),
    );
    faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { width, height, faces };
  }
}

function detect(faceapi: FaceApi, tensor: ReturnType<Tf['tensor3d']>, options: Loaded['options']) {
  return faceapi
    .detectAllFaces(tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0], options)
    .withFaceLandmarks()
    .withFaceDescriptors();
}
