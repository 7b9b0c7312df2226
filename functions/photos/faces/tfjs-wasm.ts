// TensorFlow.js on its WebAssembly backend, set up once per process for every model that runs on it (the
// face model, face-api-analyzer.ts, and the person segmenter, person-segmenter.ts): both require the same
// @tensorflow/tfjs instance, so there is one backend and one set of .wasm files, and neither model can
// switch the backend under the other. The .wasm files come from the bundle's folder
// (infra/constructs/face-analysis.ts copies them), else from the package.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Tf = typeof import('@tensorflow/tfjs');

/** The bundle's folder of .wasm files (infra/constructs/face-analysis.ts). */
export const BUNDLED_WASM_DIR = 'tfjs-wasm';

function wasmDir(): string {
  const bundled = join(import.meta.dirname, BUNDLED_WASM_DIR);
  if (existsSync(bundled)) return bundled;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
}

let ready: Promise<Tf> | null = null;

/** The tfjs instance with the wasm backend ready; a failed start is tried again on the next call. */
export function tfWasm(): Promise<Tf> {
  ready ??= (async () => {
    // CommonJS builds: face-api's node-wasm entry requires these same modules.
    const require = createRequire(import.meta.url);
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
    const tf = require('@tensorflow/tfjs') as Tf;
    wasm.setWasmPaths(`${wasmDir()}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })().catch((e: unknown) => {
    ready = null;
    throw e;
  });
  return ready;
}
