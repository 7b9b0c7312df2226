// The sharp adapter's turned copy (functions/photos/images/sharp-images.ts, PhotoImages.prepare's `turn`):
// the face check found the photo lying on its side (functions/photos/domain/orientation.ts), and the stored
// image, the thumbnail, the analysed pixels and the measures must all be of the photo set upright.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../functions/photos/domain/orientation.ts';
import { SharpImages } from '../../functions/photos/images/sharp-images.ts';

const LIMITS = {
  maxPixels: 40_000_000,
  minShortSide: 512,
  storedLongSide: 2048,
  thumbnailSide: 320,
  thumbnailMaxBytes: 30 * 1024,
  measureLongSide: 1024,
};

/** 1200 x 800, grey, its top-left 600 x 400 quarter red. */
const marked = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080' } })
    .composite([
      {
        input: { create: { width: 600, height: 400, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();

/** Which quarter of an image is red: 'top-left', 'top-right', 'bottom-right' or 'bottom-left'. */
async function redQuarter(image: { data: Uint8Array; width: number; height: number }): Promise<string> {
  const { data, width, height } = image;
  const redAt = (x: number, y: number) => {
    const i = (Math.floor(y) * width + Math.floor(x)) * 3;
    return (data[i] as number) > 200 && (data[i + 1] as number) < 60;
  };
  const quarters = {
    'top-left': [width / 4, height / 4],
    'top-right': [(3 * width) / 4, height / 4],
    'bottom-right': [(3 * width) / 4, (3 * height) / 4],
    'bottom-left': [width / 4, (3 * height) / 4],
  } as const;
  const red = Object.entries(quarters).filter(([, [x, y]]) => redAt(x, y));
  return red.map(([name]) => name).join(',');
}
const decoded = async (bytes: Uint8Array) => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('a turned copy from the sharp adapter', () => {
  it('turns the stored image, the thumbnail, the pixels and the sizes clockwise by the turn asked', async () => {
    const bytes = await marked();
    const expected: Record<Turn, { size: [number, number]; red: string }> = {
      0: { size: [1200, 800], red: 'top-left' },
      90: { size: [800, 1200], red: 'top-right' },
      180: { size: [1200, 800], red: 'bottom-right' },
      270: { size: [800, 1200], red: 'bottom-left' },
    };
    for (const [turn, { size, red }] of Object.entries(expected)) {
      const result = await new SharpImages().prepare(bytes, LIMITS, { turn: Number(turn) as Turn });
      if (!result.ok) throw new Error(result.reason);
      const { image, thumbnail, pixels, measures } = result.photo;
      expect([measures.width, measures.height], turn).toEqual(size);
      const stored = await decoded(image);
      expect([stored.width, stored.height], turn).toEqual(size);
      expect(await redQuarter(stored), turn).toBe(red);
      // The analysed copy: the same shape at 1024 px on its long side.
      expect([pixels.width, pixels.height], turn).toEqual(size.map((v) => Math.round((v * 1024) / 1200)));
      expect(await redQuarter({ data: pixels.rgb, width: pixels.width, height: pixels.height }), turn).toBe(
        red,
      );
      // The thumbnail is the centre square: its corners are the middle of the photo's, still in that quarter.
      expect(await redQuarter(await decoded(thumbnail)), turn).toBe(red);
    }
  });
});
