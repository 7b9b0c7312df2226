// When a photo was taken against a plain wall, the wall is found from the photo's top and side edges and
// flood-filled inwards, so the style's own backdrop can show behind the person. A busy background is left
// alone: the window's soft edge then does the blending.
import sharp from 'sharp';
import type { RawImage } from './raw-cache.ts';

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

const channel = (values: number[], k: number) => {
  const sorted = values.map((v) => v).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? k;
};

/** An alpha channel (0 on the wall, 255 on the person) for a plain background, or null. */
export async function plainBackdropKey(img: RawImage): Promise<Buffer | null> {
  const { data, width, height } = img;
  const samples = edgeSamples(img);
  const wall = [0, 1, 2].map((c) =>
    channel(
      samples.map((p) => data[p * 3 + c] as number),
      0,
    ),
  ) as [number, number, number];
  const [wr, wg, wb] = wall;
  const limit = TOLERANCE * TOLERANCE;
  const near = (p: number) => {
    const i = p * 3;
    const dr = (data[i] as number) - wr;
    const dg = (data[i + 1] as number) - wg;
    const db = (data[i + 2] as number) - wb;
    return dr * dr + dg * dg + db * db <= limit;
  };
  if (samples.filter(near).length < samples.length * PLAIN_SHARE) return null;

  // Flood fill from the matching edge pixels through every connected pixel of the wall's colour.
  const key = new Uint8Array(width * height).fill(255);
  const stack = new Int32Array(width * height);
  let top = 0;
  const visit = (n: number) => {
    if (key[n] === 255 && near(n)) {
      key[n] = 0;
      stack[top++] = n;
    }
  };
  for (const p of samples) visit(p);
  while (top > 0) {
    const p = stack[--top] as number;
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p + width < key.length) visit(p + width);
  }
  // A slightly soft cut, so the edge does not look clipped.
  const { data: soft } = await sharp(Buffer.from(key.buffer), { raw: { width, height, channels: 1 } })
    .blur(1.2)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return soft;
}
