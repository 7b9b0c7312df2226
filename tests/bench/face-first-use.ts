// Run in a fresh process by tests/bench/faces.ts: the analyser's first use (require face-api and TensorFlow.js,
// the wasm backend, the three networks), then one analysis. Prints the figures as JSON.
const started = performance.now();
const { loadFaceModel } = await import('../../functions/adapters/faces/face-api-analyzer.ts');
const imported = performance.now();
await loadFaceModel();
const loaded = performance.now();
console.log(
  JSON.stringify({ importMs: imported - started, loadMs: loaded - imported, firstUseMs: loaded - started }),
);
