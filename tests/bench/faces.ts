// Face analysis figures, with the real model on real photos. Each time is a ratio to what the model
// itself takes in the same run, interleaved, since the model's own speed is the machine's (single-threaded
// WebAssembly on a shared 2-core machine): the adapter's full analysis of a photo prepared at 1024 px
// (functions/photos/faces/face-api-analyzer.ts: detection, landmarks, descriptor, face sharpness, the
// answer's shape) against face-api's own detect + landmarks + descriptor on the same tensor; the adapter's
// first use in a fresh process against a fresh process loading face-api, the wasm backend and the three
// networks itself (face-first-use.ts); and tensor memory across the photos (a leak would grow it).
// `npm run bench` reports them with the other figures; `npm run bench:faces` alone (`-- --photos 10`).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FACE_ANALYSIS_LONG_SIDE } from '#shared/face-rules.ts';
import { FaceApiAnalyzer, loadFaceModel } from '../../functions/photos/faces/face-api-analyzer.ts';
import { selfies } from '../support/face-fixtures.ts';
import { type Budget, ratioBudget } from './budgets.ts';
import { tenths as ms, percentile as pct } from './stats.ts';

export const FACE_BUDGETS = {
  /** the adapter's analysis p50 / the model's own inference p50, same photos, interleaved */
  analyseToInferenceRatio: 1.25,
  /** the adapter's first use / the model's bare load, fresh processes, interleaved */
  firstUseToBareLoadRatio: 1.3,
  /** tensors alive after the analyses, beyond those before them */
  leakedTensors: 0,
} as const;

interface FirstUse {
  importMs: number;
  loadMs: number;
  firstUseMs: number;
}

export interface FaceFigures {
  firstUse: { runs: number; medianMs: number; importMs: number; loadMs: number; bareMedianMs: number };
  analyse: {
    photos: number;
    /** the adapter's analyse() on the prepared pixels */
    p50Ms: number;
    p95Ms: number;
    /** face-api's detect + landmarks + descriptor on the same pixels' tensor */
    inferenceP50Ms: number;
    inferenceP95Ms: number;
    withDecodeP50Ms: number;
  };
  memory: {
    photos: number;
    tensorsBefore: number;
    tensorsAfter: number;
    bytesBefore: number;
    bytesAfter: number;
    rssBeforeMB: number;
    rssAfterMB: number;
  };
}

const median = (values: number[]) =>
  pct(
    [...values].sort((a, b) => a - b),
    50,
  );

function firstUseOnce(bare: boolean): FirstUse {
  const script = fileURLToPath(new URL('./face-first-use.ts', import.meta.url));
  const out = execFileSync(process.execPath, [script, ...(bare ? ['--bare'] : [])], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) as string) as FirstUse;
}

/** Fresh processes, the adapter's first use and the bare load alternating. */
function firstUse(runs: number): FaceFigures['firstUse'] {
  firstUseOnce(false);
  firstUseOnce(true);
  const adapter: FirstUse[] = [];
  const bare: FirstUse[] = [];
  for (let i = 0; i < runs; i++) {
    adapter.push(firstUseOnce(false));
    bare.push(firstUseOnce(true));
  }
  return {
    runs,
    medianMs: ms(median(adapter.map((r) => r.firstUseMs))),
    importMs: ms(median(adapter.map((r) => r.importMs))),
    loadMs: ms(median(adapter.map((r) => r.loadMs))),
    bareMedianMs: ms(median(bare.map((r) => r.firstUseMs))),
  };
}

export async function faceBench(o: { firstUseRuns?: number; photos?: number } = {}): Promise<FaceFigures> {
  const first = firstUse(o.firstUseRuns ?? 5);
  const faces = await selfies();
  // The normalised copies the upload analyses: upright, long side 1024.
  const normalised = await Promise.all(
    faces.map(async (bytes) => {
      const { data, info } = await sharp(bytes)
        .resize({ width: FACE_ANALYSIS_LONG_SIDE, height: FACE_ANALYSIS_LONG_SIDE, fit: 'inside' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { rgb: data, width: info.width, height: info.height };
    }),
  );
  const analyzer = new FaceApiAnalyzer();
  const { faceapi, tf, options } = await loadFaceModel();
  type Pixels = (typeof normalised)[number];
  // The model alone: what the adapter hands face-api (functions/photos/faces/face-api-analyzer.ts).
  const inference = async ({ rgb, width, height }: Pixels) => {
    const tensor = tf.tensor3d(rgb, [height, width, 3], 'int32');
    try {
      return await faceapi
        .detectAllFaces(tensor as unknown as Parameters<typeof faceapi.detectAllFaces>[0], options)
        .withFaceLandmarks()
        .withFaceDescriptors();
    } finally {
      tensor.dispose();
    }
  };
  // Warm: the first analysis compiles the networks' kernels.
  await analyzer.analyse(normalised[0] as Pixels);
  await inference(normalised[0] as Pixels);
  const before = tf.memory();
  const rssBefore = process.memoryUsage().rss;
  const count = o.photos ?? 30;
  const times: number[] = [];
  const inferenceTimes: number[] = [];
  // Interleaved photo by photo, the order swapped every other photo: load from other work weighs on both.
  for (let i = 0; i < count; i++) {
    const photo = normalised[i % normalised.length] as Pixels;
    const timeAdapter = async () => {
      const started = performance.now();
      await analyzer.analyse(photo);
      times.push(performance.now() - started);
    };
    const timeInference = async () => {
      const started = performance.now();
      await inference(photo);
      inferenceTimes.push(performance.now() - started);
    };
    if (i % 2) {
      await timeAdapter();
      await timeInference();
    } else {
      await timeInference();
      await timeAdapter();
    }
  }
  const after = tf.memory();
  const rssAfter = process.memoryUsage().rss;
  const withDecode: number[] = [];
  for (const bytes of faces.slice(0, 5)) {
    const started = performance.now();
    await analyzer.analyse({ encoded: bytes });
    withDecode.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  inferenceTimes.sort((a, b) => a - b);
  return {
    firstUse: first,
    analyse: {
      photos: count,
      p50Ms: ms(pct(times, 50)),
      p95Ms: ms(pct(times, 95)),
      inferenceP50Ms: ms(pct(inferenceTimes, 50)),
      inferenceP95Ms: ms(pct(inferenceTimes, 95)),
      withDecodeP50Ms: ms(median(withDecode)),
    },
    memory: {
      photos: count,
      tensorsBefore: before.numTensors,
      tensorsAfter: after.numTensors,
      bytesBefore: before.numBytes,
      bytesAfter: after.numBytes,
      rssBeforeMB: Math.round(rssBefore / 1e6),
      rssAfterMB: Math.round(rssAfter / 1e6),
    },
  };
}

export function printFaceFigures(f: FaceFigures): void {
  const a = f.analyse;
  console.log(
    `Faces: first use in a fresh process median ${f.firstUse.medianMs} ms (import ${f.firstUse.importMs} ms, wasm + 3 networks ${f.firstUse.loadMs} ms) ` +
      `against the bare load ${f.firstUse.bareMedianMs} ms (${f.firstUse.runs} runs each, alternating); ` +
      `one photo at 1024 px: analyse p50 ${a.p50Ms} ms p95 ${a.p95Ms} ms against the model's own inference p50 ${a.inferenceP50Ms} ms ` +
      `p95 ${a.inferenceP95Ms} ms (${a.photos} photos, interleaved), with its JPEG decode p50 ${a.withDecodeP50Ms} ms; ` +
      `tf.memory() over ${f.memory.photos} photos: ${f.memory.tensorsBefore} -> ${f.memory.tensorsAfter} tensors, ` +
      `${f.memory.bytesBefore} -> ${f.memory.bytesAfter} bytes; RSS ${f.memory.rssBeforeMB} -> ${f.memory.rssAfterMB} MB`,
  );
}

export function faceBudgets(f: FaceFigures): Budget[] {
  return [
    ratioBudget({
      name: 'face analysis at 1024 px / model inference, p50',
      value: { ms: f.analyse.p50Ms },
      floor: { name: 'detect + landmarks + descriptor', ms: f.analyse.inferenceP50Ms },
      limit: FACE_BUDGETS.analyseToInferenceRatio,
      also: `p95 ${f.analyse.p95Ms} / ${f.analyse.inferenceP95Ms} ms`,
    }),
    ratioBudget({
      name: 'face analyser first use / bare model load, fresh process',
      value: { ms: f.firstUse.medianMs },
      floor: { name: 'bare load', ms: f.firstUse.bareMedianMs },
      limit: FACE_BUDGETS.firstUseToBareLoadRatio,
    }),
    {
      name: `tensors leaked over ${f.memory.photos} analyses`,
      value: f.memory.tensorsAfter - f.memory.tensorsBefore,
      unit: '',
      limit: FACE_BUDGETS.leakedTensors,
    },
  ];
}
