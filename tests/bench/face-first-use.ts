// Run in a fresh process by tests/bench/faces.ts: the analyser's first use (require face-api and TensorFlow.js,
// the wasm backend, the three networks), then nothing else. Prints the figures as JSON. With `--bare`, the
// same load made directly on the packages, without the adapter: what the first use is measured against.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const started = performance.now();
if (process.argv.includes('--bare')) {
  const require = createRequire(import.meta.url);
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  const tf = require('@tensorflow/tfjs');
  const imported = performance.now();
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  wasm.setWasmPaths(
    `${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`,
  );
  await tf.setBackend('wasm');
  await tf.ready();
  await Promise.all([
    faceapi.nets.ssdMobilenetv1.loadFromDisk(models),
    faceapi.nets.faceLandmark68Net.loadFromDisk(models),
    faceapi.nets.faceRecognitionNet.loadFromDisk(models),
  ]);
  const loaded = performance.now();
  console.log(
    JSON.stringify({ importMs: imported - started, loadMs: loaded - imported, firstUseMs: loaded - started }),
  );
} else {
  const { loadFaceModel } = await import('../../functions/photos/faces/face-api-analyzer.ts');
  const imported = performance.now();
  await loadFaceModel();
  const loaded = performance.now();
  console.log(
    JSON.stringify({ importMs: imported - started, loadMs: loaded - imported, firstUseMs: loaded - started }),
  );
}
