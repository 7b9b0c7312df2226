// A bench: what the likeness measure adds to each task in the worker. The worker measures the
// avatar while it stores the image and its thumbnail, so the time it adds is the measure's time beyond the
// thumbnail's (the S3 upload beside it only hides more of it): for ~10 renders of real selfies, the
// thumbnail alone, then the thumbnail and the measure side by side, each in the worker's own code
// (SharpResultImages, measureLikeness with the face-api adapter). Also the measure alone, its CPU time and
// the model's first use in this process (not in the budget: the worker starts loading it with the
// container). Run alone: `node tests/bench/likeness.ts`; `npm run bench` runs it with the others.

import { DEFAULT_LIKENESS_GUARANTEE } from '#shared/face-rules.ts';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import { measureLikeness } from '../../functions/generation/domain/likeness.ts';
import { SharpResultImages } from '../../functions/generation/images/result-images.ts';
import { checkPhotoFace } from '../../functions/photos/domain/faces/faces.ts';
import { FaceApiAnalyzer, loadFaceModel } from '../../functions/photos/faces/face-api-analyzer.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { samePersonAgain, selfie } from '../support/face-fixtures.ts';
import type { Budget } from './budgets.ts';
import { renderSelfie } from './render-selfie.ts';
import { percentile, tenths } from './stats.ts';

export const LIKENESS_ADDED_P50_BUDGET_MS = 600;
const RENDERS = 10;

export interface LikenessFigures {
  renders: number;
  /** the worker's extra wall time per task: (thumbnail ∥ measure) − thumbnail */
  addedP50Ms: number;
  addedMaxMs: number;
  measureP50Ms: number;
  measureCpuP50Ms: number;
  thumbnailP50Ms: number;
  firstUseMs: number;
  scores: (number | null)[];
}

const median = (xs: number[]) =>
  tenths(
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    ),
  );

export async function likenessBench(): Promise<LikenessFigures> {
  const faces = new FaceApiAnalyzer();
  const images = new SharpResultImages();
  const started = performance.now();
  await loadFaceModel();
  const firstUseMs = tenths(performance.now() - started);
  // Two photos of each of the first people, as the worker would have them from the photo records.
  const references: number[][][] = [];
  const renderer = new LocalRenderer();
  const renders: { image: Buffer; descriptors: number[][] }[] = [];
  const styles = STYLE_CATALOGUE.filter((_, i) => i % 3 === 0).slice(0, RENDERS);
  for (const [i, style] of styles.entries()) {
    const person = i % 4;
    if (!references[person]) {
      const descriptors: number[][] = [];
      for (const bytes of [await selfie(person), await samePersonAgain(person)]) {
        const check = checkPhotoFace(await faces.analyse({ encoded: bytes }));
        if (check.ok) descriptors.push(check.face.descriptor);
      }
      references[person] = descriptors;
    }
    const first = await selfie(person);
    const avatar = await renderSelfie(faces, first, style, renderer);
    renders.push({ image: avatar.image, descriptors: references[person] as number[][] });
  }
  // One round not counted: the wasm kernels and sharp's pipelines warm up.
  await measureLikeness(
    faces,
    renders[0]?.image as Buffer,
    renders[0]?.descriptors ?? [],
    DEFAULT_LIKENESS_GUARANTEE,
  );

  const added: number[] = [];
  const measure: number[] = [];
  const cpu: number[] = [];
  const thumbs: number[] = [];
  const scores: (number | null)[] = [];
  for (const r of renders) {
    let t = performance.now();
    await images.thumbnail(r.image);
    const thumbnailMs = performance.now() - t;
    thumbs.push(thumbnailMs);
    t = performance.now();
    const [, likeness] = await Promise.all([
      images.thumbnail(r.image),
      measureLikeness(faces, r.image, r.descriptors, DEFAULT_LIKENESS_GUARANTEE),
    ]);
    added.push(Math.max(0, performance.now() - t - thumbnailMs));
    scores.push(likeness?.score ?? null);
    t = performance.now();
    const c = process.cpuUsage();
    await measureLikeness(faces, r.image, r.descriptors, DEFAULT_LIKENESS_GUARANTEE);
    const used = process.cpuUsage(c);
    measure.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    renders: renders.length,
    addedP50Ms: median(added),
    addedMaxMs: tenths(Math.max(...added)),
    measureP50Ms: median(measure),
    measureCpuP50Ms: median(cpu),
    thumbnailP50Ms: median(thumbs),
    firstUseMs,
    scores,
  };
}

export const likenessBudgets = (f: LikenessFigures): Budget[] => [
  {
    name: 'likeness measure added per task p50',
    value: f.addedP50Ms,
    unit: 'ms',
    limit: LIKENESS_ADDED_P50_BUDGET_MS,
  },
];

export function printLikeness(f: LikenessFigures): void {
  console.log(
    `Likeness: added to a task p50 ${f.addedP50Ms} ms (max ${f.addedMaxMs}) over ${f.renders} renders; ` +
      `the measure alone p50 ${f.measureP50Ms} ms, CPU p50 ${f.measureCpuP50Ms} ms; thumbnail p50 ${f.thumbnailP50Ms} ms; ` +
      `model's first use ${f.firstUseMs} ms; scores ${f.scores.join(', ')}`,
  );
}

if (import.meta.main) {
  process.env.LOG_LEVEL = 'silent';
  const { reportBudgets } = await import('./budgets.ts');
  const figures = await likenessBench();
  printLikeness(figures);
  process.exitCode = reportBudgets(likenessBudgets(figures));
}
