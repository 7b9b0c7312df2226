// The photo's part of a render, once cropped (crop.ts): stylise, grade, and give it the window's
// soft-edged alpha.
import sharp, { type Sharp } from 'sharp';
import type { RenderRecipe } from '../../../styles/public.ts';
import { applyAffine, gradeMatrix } from './grade.ts';
import type { RawImage } from './raw-cache.ts';

type Effect = RenderRecipe['effect'];

const rgb = async (s: Sharp): Promise<RawImage> => {
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected RGB pixels, got ${info.channels} channels`);
  return { data, width: info.width, height: info.height, channels: 3 };
};
const fromRaw = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });

/** Dark lines where the picture has edges: a single channel, 255 where there is no line. */
async function lines(img: RawImage, threshold: number): Promise<Buffer> {
  // sharp runs its operations in a fixed order, not the call order: the edge response is read back raw
  // and turned into ink here.
  const { data } = await fromRaw(img)
    .greyscale()
    .blur(1.6)
    .convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) {
    data[i] = 255 - Math.min(255, Math.max(0, ((data[i] as number) - threshold) * 8));
  }
  return data;
}

function multiplyByLines(img: RawImage, line: Buffer, strength = 1): void {
  for (let p = 0, i = 0; p < line.length; p++, i += 3) {
    const k = 1 - strength * (1 - (line[p] as number) / 255);
    img.data[i] = (img.data[i] as number) * k;
    img.data[i + 1] = (img.data[i + 1] as number) * k;
    img.data[i + 2] = (img.data[i + 2] as number) * k;
  }
}

/** Cel shading: brightness in a few flat bands, each pixel keeping its own hue and saturation. */
function posterise(img: RawImage, levels: number): void {
  const step = 255 / (levels - 1);
  const d = img.data;
  for (let i = 0; i < d.length; i += 3) {
    const r = d[i] as number;
    const g = d[i + 1] as number;
    const b = d[i + 2] as number;
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const k = l > 0 ? (Math.round(l / step) * step + step * 0.15) / l : 0;
    d[i] = Math.min(255, r * k);
    d[i + 1] = Math.min(255, g * k);
    d[i + 2] = Math.min(255, b * k);
  }
}

/** screen blend of `top` over `img`, in place */
function screen(img: RawImage, top: Buffer, amount: number): void {
  for (let i = 0; i < img.data.length; i++) {
    const a = (img.data[i] as number) / 255;
    const b = (top[i] as number) / 255;
    img.data[i] = 255 * (a + amount * (1 - a) * b);
  }
}

/** A blurred or filtered copy made at a fraction of the size and brought back up: same look, far less work. */
async function atScale(img: RawImage, factor: number, filter: (s: Sharp) => Sharp): Promise<RawImage> {
  const small = await rgb(
    filter(fromRaw(img).resize(Math.round(img.width / factor), Math.round(img.height / factor))),
  );
  return rgb(fromRaw(small).resize(img.width, img.height, { kernel: 'linear' }));
}

export async function stylise(img: RawImage, effect: Effect): Promise<RawImage> {
  const { width, height } = img;
  switch (effect) {
    case 'none':
      return img;
    case 'soft': {
      const blurred = await atScale(img, 4, (s) => s.blur(1.5));
      screen(img, blurred.data, 0.25);
      return img;
    }
    case 'glow': {
      const halo = await atScale(img, 4, (s) => s.modulate({ saturation: 1.6 }).blur(3.5));
      screen(img, halo.data, 0.45);
      return img;
    }
    case 'paint': {
      // Brush strokes: a median filter at a smaller scale, crisped, then brought back up.
      return atScale(img, 2.5, (s) => s.median(5).sharpen({ sigma: 0.8 }));
    }
    case 'ink':
    case 'poster': {
      // Flat colours and inked outlines, drawn at half size (bolder lines, a quarter of the work).
      const half = await rgb(
        fromRaw(img)
          .resize(Math.round(width / 2), Math.round(height / 2))
          .median(3),
      );
      posterise(half, effect === 'ink' ? 5 : 4);
      if (effect === 'ink') multiplyByLines(half, await lines(half, 26));
      return rgb(fromRaw(half).resize(width, height, { kernel: 'linear' }));
    }
    case 'pixel': {
      const block = Math.max(8, Math.round(width / 56));
      const small = await rgb(
        fromRaw(img).resize(Math.round(width / block), Math.round(height / block), { kernel: 'cubic' }),
      );
      posterise(small, 6);
      return rgb(fromRaw(small).resize(width, height, { kernel: 'nearest' }));
    }
    case 'sketch': {
      // Light pencil shading under the outlines.
      const ink = await lines(img, 14);
      for (let i = 0; i < img.data.length; i += 3) {
        const l =
          0.2126 * (img.data[i] as number) +
          0.7152 * (img.data[i + 1] as number) +
          0.0722 * (img.data[i + 2] as number);
        const shade = 150 + 0.42 * l;
        img.data[i] = shade;
        img.data[i + 1] = shade;
        img.data[i + 2] = shade;
      }
      multiplyByLines(img, ink, 0.9);
      return img;
    }
  }
}

/** Grades the photo in place, then gives it its alpha (the window's, or the person's own outline). */
export function finish(img: RawImage, grade: RenderRecipe['grade'], alpha: Buffer): RawImage {
  applyAffine(img.data, gradeMatrix(grade));
  const rgba = Buffer.alloc(img.width * img.height * 4);
  for (let p = 0, i = 0, j = 0; p < alpha.length; p++, i += 3, j += 4) {
    rgba[j] = img.data[i] as number;
    rgba[j + 1] = img.data[i + 1] as number;
    rgba[j + 2] = img.data[i + 2] as number;
    rgba[j + 3] = alpha[p] as number;
  }
  return { data: rgba, width: img.width, height: img.height, channels: 4 };
}
