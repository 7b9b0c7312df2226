// The person segmenter (functions/photos/faces/person-segmenter.ts) on real avatars: the local renderer's
// pictures of the face fixtures (real people, real photos) on a scene backdrop. The matte is the image's
// size, the face is person, the backdrop outside the photo's window is not, and the edge between them is
// soft (a matte, not a cut-out). AIVATAR_MATTES=<folder> writes each avatar beside its matte as PNG.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import type { ImageSize } from '../../functions/generation/domain/image-provider.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { RvmPersonSegmenter } from '../../functions/photos/faces/person-segmenter.ts';
import { DEFAULT_RECIPE, type RenderRecipe } from '../../functions/styles/domain/render-recipe.ts';
import { selfie } from '../support/face-fixtures.ts';

const segmenter = new RvmPersonSegmenter();
const analyzer = new FaceApiAnalyzer();
const OFFICE: RenderRecipe = {
  ...DEFAULT_RECIPE,
  backdrop: { kind: 'bokeh', colors: ['#7d8f9c', '#e8eef1', '#ffffff', '#b9d3c4'] },
  frame: { kind: 'none', color: '#000000' },
};

async function avatar(person: number, size: ImageSize): Promise<Buffer> {
  const out = await new LocalRenderer().generate({
    references: [{ bytes: await selfie(person), contentType: 'image/jpeg' }],
    prompt: 'unused',
    size,
    quality: 'low',
    inputFidelity: 'low',
    recipe: OFFICE,
  });
  return out.image;
}

const mean = (a: Uint8Array, w: number, box: { x0: number; y0: number; x1: number; y1: number }) => {
  let sum = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      sum += a[y * w + x] as number;
      n++;
    }
  return sum / n;
};

describe('the person segmenter on avatars', () => {
  it.each([
    [0, '1024x1024'],
    [3, '1024x1536'],
    [7, '1024x1024'],
  ] as const)(
    'finds person %i in a %s avatar: the face in, the backdrop out, a soft edge',
    async (person, size) => {
      const image = await avatar(person, size);
      const matte = await segmenter.personMatte(image);
      const [w, h] = size.split('x').map(Number) as [number, number];
      expect([matte.width, matte.height, matte.alpha.length]).toEqual([w, h, w * h]);
      const face = (await analyzer.analyse({ encoded: image })).faces[0];
      if (!face) throw new Error('no face in the avatar');
      const f = {
        x: face.box.x * w,
        y: face.box.y * h,
        width: face.box.width * w,
        height: face.box.height * h,
      };
      // The middle half of the face box is person.
      const inner = {
        x0: Math.round(f.x + f.width / 4),
        y0: Math.round(f.y + f.height / 4),
        x1: Math.round(f.x + (f.width * 3) / 4),
        y1: Math.round(f.y + (f.height * 3) / 4),
      };
      expect(mean(matte.alpha, w, inner)).toBeGreaterThan(240);
      // The backdrop's corners, outside the oval window the photo shows through, are not.
      const s = Math.round(w * 0.08);
      for (const [x0, y0] of [
        [0, 0],
        [w - s, 0],
      ] as const)
        expect(mean(matte.alpha, w, { x0, y0, x1: x0 + s, y1: y0 + s })).toBeLessThan(15);
      // A matte: values between the two (the soft edge), not only 0 and 255.
      const between = matte.alpha.filter((v) => v > 20 && v < 235).length;
      expect(between).toBeGreaterThan(w * 2);
      const dir = process.env.AIVATAR_MATTES;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        await sharp(image)
          .png()
          .toFile(join(dir, `avatar-${person}.png`));
        await sharp(matte.alpha, { raw: { width: w, height: h, channels: 1 } })
          .png()
          .toFile(join(dir, `matte-${person}.png`));
      }
    },
    60_000,
  );
});
