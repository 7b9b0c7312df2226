// What the quality score adds to a photo's analysis at upload (docs/faces.md, "Quality score"): the adapter's
// analysis without the light figures plus the face check, against the same with the light read from the
// pixels already decoded, the landmarks' measures and the score, on the same photo, interleaved and the order
// swapped every other photo (the model's speed is the machine's: single-threaded WebAssembly on a shared
// 2-core machine). The ratio is the median of the per-photo ratios, printed beside both p50s.
// Part of `npm run bench`; alone: `node tests/bench/photo-quality.ts [--photos 30]`, exit 1 over budget.
import sharp from 'sharp';
import { FACE_ANALYSIS_LONG_SIDE } from '#shared/face-rules.ts';
import { checkPhotoFace } from '../../functions/photos/domain/faces/faces.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';
import { photoQuality } from '../../functions/photos/domain/quality-score.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { selfies } from '../support/face-fixtures.ts';
import { type Budget, reportBudgets } from './budgets.ts';
import { percentile, tenths } from './stats.ts';

export const PHOTO_QUALITY_BUDGET = {
  /** (analysis + light + measures + score) / (analysis + face check), median of per-photo ratios */
  withScoreToAnalysisRatio: 1.05,
} as const;

export interface PhotoQualityFigures {
  photos: number;
  analysisP50Ms: number;
  withScoreP50Ms: number;
  ratio: number;
}

const sortedPct = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

export async function photoQualityBench(o: { photos?: number } = {}): Promise<PhotoQualityFigures> {
  const analyzer = new FaceApiAnalyzer();
  const normalised = await Promise.all(
    (await selfies()).map(async (bytes) => {
      const { data, info } = await sharp(bytes)
        .resize({ width: FACE_ANALYSIS_LONG_SIDE, height: FACE_ANALYSIS_LONG_SIDE, fit: 'inside' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { rgb: data, width: info.width, height: info.height };
    }),
  );
  type Pixels = (typeof normalised)[number];
  const plain = async (photo: Pixels) => checkPhotoFace(await analyzer.analyse(photo, { light: false }));
  const scored = async (photo: Pixels) => {
    const analysis = await analyzer.analyse(photo);
    const check = checkPhotoFace(analysis);
    if (!check.ok) return null;
    // What intake stores (functions/photos/domain/intake.ts), scored as the listing scores it.
    const record: PhotoRecord = {
      filename: 'bench.jpg',
      originalName: 'bench.jpg',
      size: 0,
      contentType: 'image/jpeg',
      width: photo.width,
      height: photo.height,
      hints: check.hints,
      face: check.face,
      ...(check.measures ? { measures: check.measures } : {}),
      uploadedAt: 0,
      expiresAt: 1,
    };
    return photoQuality(record);
  };
  // Warm: the first analysis compiles the networks' kernels.
  await plain(normalised[0] as Pixels);
  await scored(normalised[0] as Pixels);
  const count = o.photos ?? 30;
  const alone: number[] = [];
  const withScore: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < count; i++) {
    const photo = normalised[i % normalised.length] as Pixels;
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    let a: number;
    let b: number;
    if (i % 2) {
      b = await time(() => scored(photo));
      a = await time(() => plain(photo));
    } else {
      a = await time(() => plain(photo));
      b = await time(() => scored(photo));
    }
    alone.push(a);
    withScore.push(b);
    ratios.push(b / a);
  }
  return {
    photos: count,
    analysisP50Ms: tenths(sortedPct(alone, 50)),
    withScoreP50Ms: tenths(sortedPct(withScore, 50)),
    ratio: Math.round(sortedPct(ratios, 50) * 1000) / 1000,
  };
}

export function printPhotoQuality(f: PhotoQualityFigures): void {
  console.log(
    `Photo quality score: analysis + face check p50 ${f.analysisP50Ms} ms; with the light, measures and score p50 ` +
      `${f.withScoreP50Ms} ms (${f.photos} photos at 1024 px, interleaved); median per-photo ratio ${f.ratio}`,
  );
}

export function photoQualityBudgets(f: PhotoQualityFigures): Budget[] {
  return [
    {
      name: 'photo analysis with the quality score / without, median per photo',
      value: f.ratio,
      unit: 'x',
      limit: PHOTO_QUALITY_BUDGET.withScoreToAnalysisRatio,
      figures: `p50 ${f.withScoreP50Ms} ms / ${f.analysisP50Ms} ms`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--photos');
  const figures = await photoQualityBench({ photos: at > 0 ? Number(process.argv[at + 1]) : undefined });
  printPhotoQuality(figures);
  process.exitCode = reportBudgets(photoQualityBudgets(figures));
}
