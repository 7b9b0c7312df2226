// Person segmentation for edits (functions/photos/faces/person-segmenter.ts) on one 1024 px avatar (the
// local renderer's picture of a face fixture): the whole personMatte call (decode, tensor, the model, the
// matte back as bytes) against the model's own inference on the same pixels, interleaved in the same run,
// so the ratio is what our code adds around the model whatever the machine's speed.
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import {
  decodeForMatting,
  loadSegmentationModel,
  RvmPersonSegmenter,
  runMatting,
} from '../../functions/photos/faces/person-segmenter.ts';
import { DEFAULT_RECIPE } from '../../functions/styles/domain/render-recipe.ts';
import { selfie } from '../support/face-fixtures.ts';
import { type Budget, ratioBudget } from './budgets.ts';

export interface SegmentationFigures {
  runs: number;
  /** median ms of personMatte on the avatar */
  matteMs: number;
  /** median ms of the model's inference alone on the same pixels */
  modelMs: number;
  /** ms of the first call (the model's load included) */
  firstMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.floor(s.length / 2)] as number) * 10) / 10;
};

export async function segmentationBench(o: { runs?: number } = {}): Promise<SegmentationFigures> {
  const runs = o.runs ?? 7;
  const avatar = (
    await new LocalRenderer().generate({
      references: [{ bytes: await selfie(0), contentType: 'image/jpeg' }],
      prompt: '',
      size: '1024x1024',
      quality: 'low',
      inputFidelity: 'low',
      recipe: DEFAULT_RECIPE,
    })
  ).image;
  const segmenter = new RvmPersonSegmenter();
  let t = performance.now();
  await segmenter.personMatte(avatar);
  const firstMs = Math.round(performance.now() - t);
  const model = await loadSegmentationModel();
  const pixels = await decodeForMatting(avatar);
  const matte: number[] = [];
  const inference: number[] = [];
  for (let i = 0; i < runs; i++) {
    const tensor = model.tf.tensor3d(pixels.rgb, [pixels.height, pixels.width, 3], 'int32');
    t = performance.now();
    await runMatting(model, tensor);
    inference.push(performance.now() - t);
    tensor.dispose();
    t = performance.now();
    await segmenter.personMatte(avatar);
    matte.push(performance.now() - t);
  }
  return { runs, matteMs: median(matte), modelMs: median(inference), firstMs };
}

export function printSegmentation(f: SegmentationFigures): void {
  console.log(
    `Person segmentation (1024 px avatar, ${f.runs} runs): personMatte p50 ${f.matteMs} ms, the model's inference p50 ${f.modelMs} ms, first call (load included) ${f.firstMs} ms`,
  );
}

export const segmentationBudgets = (f: SegmentationFigures): Budget[] => [
  ratioBudget({
    name: 'segmentation of a 1024 px avatar / the model’s inference',
    value: { ms: f.matteMs },
    floor: { name: 'inference', ms: f.modelMs },
    limit: 1.3,
  }),
];
