// When a photo was taken against a plain wall, the wall is found from the photo's top and side edges and
// flood-filled inwards, so the style's own backdrop can show behind the person. A busy background is left
// alone: the style's window then frames the photo instead (layers.ts).
import sharp from 'sharp';
import type { RawImage } from './raw-cache.ts';

type Rgb = [number, number, number];

/** RGB distance within which a pixel counts as the wall */
const TOLERANCE = 38;
/** share of the edge samples that must match the wall's colour */
const PLAIN_SHARE = 0.7;

function edgeSamples(img: RawImage): number[] {
  const { width, height } = img;
  const out: number[] = [];
  const step = Math.max(1, Math.round(width / 96));
  for (let x = 0; x < width; x += step) out.push(x);
  // The sides down to two thirds: below that is usually the person's shoulders.
  for (let y = step; y < (height * 2) / 3; y += step) out.push(y * width, y * width + width - 1);
  return out;
}

const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function nearTo(img: RawImage, wall: Rgb): (p: number) => boolean {
  const { data } = img;
  const [wr, wg, wb] = wall;
  const limit = TOLERANCE * TOLERANCE;
  return (p) => {
    const i = p * 3;
    const dr = (data[i] as number) - wr;
    const dg = (data[i + 1] as number) - wg;
    const db = (data[i + 2] as number) - wb;
    return dr * dr + dg * dg + db * db <= limit;
  };
}

/** The wall's colour, when the photo's top and sides are one plain colour; null otherwise. */
export function plainWall(img: RawImage): Rgb | null {
  const samples = edgeSamples(img);
  const wall = [0, 1, 2].map((c) => median(samples.map((p) => img.data[p * 3 + c] as number))) as Rgb;
  const near = nearTo(img, wall);
  return samples.filter(near).length >= samples.length * PLAIN_SHARE ? wall : null;
}

/** An alpha channel, 0 on the wall (every wall-coloured pixel joined to the top or sides) and 255 elsewhere. */
export async function wallKey(img: RawImage, wall: Rgb): Promise<Buffer> {
  const { width, height } = img;
  const near = nearTo(img, wall);
  const key = new Uint8Array(width * height).fill(255);
  const stack = new Int32Array(width * height);
  let top = 0;
  const visit = (n: number) => {
    if (key[n] === 255 && near(n)) {
      key[n] = 0;
      stack[top++] = n;
    }
  };
  for (const p of edgeSamples(img)) visit(p);
  while (top > 0) {
    const p = stack[--top] as number;
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p + width < key.length) visit(p + width);
  }
  // A slightly soft cut, so the edge does not look clipped.
  const { data } = await sharp(Buffer.from(key.buffer), { raw: { width, height, channels: 1 } })
    .blur(1.2)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

/** Where the person is in a keyed photo: the box around every opaque pixel, or null if there is none. */
export function subjectBounds(
  key: Buffer,
  width: number,
  height: number,
): { left: number; top: number; right: number; bottom: number } | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((key[y * width + x] as number) > 128) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  return right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}
