// Face analysis figures (issue 18), with the real model on real photos: the analyser's first use in a fresh
// process, one photo at 1024 px (detect + landmarks + descriptor), and tensor memory across 50 photos (a leak
// would grow it). `npm run bench` reports them with the other figures; `npm run bench:faces` alone.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FaceApiAnalyzer, loadFaceModel } from '../../functions/adapters/faces/face-api-analyzer.ts';
import { FACE_ANALYSIS_LONG_SIDE } from '../../shared/face-rules.ts';
import { selfies } from '../support/face-fixtures.ts';
import type { Budget } from './budgets.ts';
import { tenths as ms, percentile as pct } from './stats.ts';

export const FACE_BUDGETS = {
  analyseP50Ms: 400,
  firstUseMs: 600,
  /** tensors alive after 50 analyses, beyond those before them */
  leakedTensors: 0,
} as const;

export interface FaceFigures {
  firstUse: { runs: number; medianMs: number; importMs: number; loadMs: number };
  analyse: { photos: number; p50Ms: number; p95Ms: number; withDecodeP50Ms: number };
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

function firstUse(runs: number): FaceFigures['firstUse'] {
  const script = fileURLToPath(new URL('./face-first-use.ts', import.meta.url));
  const all = Array.from({ length: runs }, () => {
    const out = execFileSync(process.execPath, [script], { encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').at(-1) as string) as {
      importMs: number;
      loadMs: number;
      firstUseMs: number;
    };
  });
  return {
    runs,
    medianMs: ms(median(all.map((r) => r.firstUseMs))),
    importMs: ms(median(all.map((r) => r.importMs))),
    loadMs: ms(median(all.map((r) => r.loadMs))),
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
  const { tf } = await loadFaceModel();
  // Warm: the first analysis compiles the networks' kernels.
  await analyzer.analyse(normalised[0] as (typeof normalised)[number]);
  const before = tf.memory();
  const rssBefore = process.memoryUsage().rss;
  const count = o.photos ?? 50;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await analyzer.analyse(normalised[i % normalised.length] as (typeof normalised)[number]);
    times.push(performance.now() - started);
  }
  const after = tf.memory();
  const rssAfter = process.memoryUsage().rss;
  const withDecode: number[] = [];
  for (const bytes of faces.slice(0, 10)) {
    const started = performance.now();
    await analyzer.analyse({ encoded: bytes });
    withDecode.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    firstUse: first,
    analyse: {
      photos: count,
      p50Ms: ms(pct(times, 50)),
      p95Ms: ms(pct(times, 95)),
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
  console.log(
    `Faces: first use in a fresh process median ${f.firstUse.medianMs} ms (import ${f.firstUse.importMs} ms, wasm + 3 networks ${f.firstUse.loadMs} ms, ${f.firstUse.runs} runs); ` +
      `one photo at 1024 px p50 ${f.analyse.p50Ms} ms p95 ${f.analyse.p95Ms} ms (${f.analyse.photos} photos), with its JPEG decode p50 ${f.analyse.withDecodeP50Ms} ms; ` +
      `tf.memory() over ${f.memory.photos} photos: ${f.memory.tensorsBefore} -> ${f.memory.tensorsAfter} tensors, ` +
      `${f.memory.bytesBefore} -> ${f.memory.bytesAfter} bytes; RSS ${f.memory.rssBeforeMB} -> ${f.memory.rssAfterMB} MB`,
  );
}

export function faceBudgets(f: FaceFigures): Budget[] {
  return [
    {
      name: 'face analysis, one photo at 1024 px, p50',
      value: f.analyse.p50Ms,
      unit: 'ms',
      limit: FACE_BUDGETS.analyseP50Ms,
    },
    {
      name: 'face analyser first use, fresh process',
      value: f.firstUse.medianMs,
      unit: 'ms',
      limit: FACE_BUDGETS.firstUseMs,
    },
    {
      name: `tensors leaked over ${f.memory.photos} analyses`,
      value: f.memory.tensorsAfter - f.memory.tensorsBefore,
      unit: '',
      limit: FACE_BUDGETS.leakedTensors,
    },
  ];
}
