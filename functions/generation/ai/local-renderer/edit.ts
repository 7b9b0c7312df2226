// The embedded renderer's edits of a finished avatar (docs/generation.md, "Edits"), each made for real from
// the request's mask (functions/generation/domain/edit-masks.ts: 0 where to paint): the person set on the new
// backdrop along the segmentation matte, colours at the edge freed of the old backdrop (no halo); the outfit
// painted as generate paints it, inside the person below the chin; the frame extended with the backdrop drawn
// at the new size, its colours matched to the picture's edge near the seam; the skin smoothed where it has no
// edges (a bilateral-like filter: a median and a blur, weighted by an edge map) in three strengths; a brushed
// region filled from its border by diffusion (pull-push). Every result is a 'preview-render'.
import sharp from 'sharp';
import type { OutfitLook } from '#shared/style-choices.ts';
import type { EditRequest, GeneratedAvatar, RetouchLevel } from '../../domain/image-provider.ts';
import { ProviderPermanentError } from '../../domain/provider-errors.ts';
import { backdropLayer } from './layers.ts';
import { drawOutfit } from './outfit.ts';
import type { RawImage } from './raw-cache.ts';

const LOCAL_EDIT_MODEL = 'local-renderer';

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

async function rgbOf(image: Uint8Array, width: number, height: number): Promise<Rgb> {
  const data = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The mask's paint weights: 255 where the model may paint (the PNG's alpha 0), 0 where the image is kept. */
async function paintOf(mask: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await sharp(mask)
    .ensureAlpha()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(width * height);
  for (let p = 0; p < out.length; p++) out[p] = 255 - (data[p * info.channels + info.channels - 1] as number);
  return out;
}

const blurGrey = async (a: Uint8Array, width: number, height: number, sigma: number): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp(Buffer.from(a.buffer, a.byteOffset, a.length), { raw: { width, height, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer(),
  );

/** Float planes blurred by sharp (as 16-bit, so the normalised blurs below keep their precision). */
async function blurPlanes(planes: Float32Array[], width: number, height: number, sigma: number) {
  return Promise.all(
    planes.map(async (plane) => {
      const u16 = new Uint16Array(plane.length);
      for (let p = 0; p < plane.length; p++)
        u16[p] = Math.round(Math.min(1, Math.max(0, plane[p] as number)) * 65535);
      const out = await sharp(Buffer.from(u16.buffer), {
        raw: { width, height, channels: 1, premultiplied: false },
      })
        .toColourspace('grey16')
        .blur(sigma)
        .extractChannel(0)
        .raw({ depth: 'ushort' })
        .toBuffer();
      const back = new Uint16Array(out.buffer, out.byteOffset, out.length / 2);
      return Float32Array.from(back, (v) => v / 65535);
    }),
  );
}

/** The person over the new backdrop along the matte (the mask's kept part), its edge colours decontaminated. */
async function newBackdrop(src: Rgb, paint: Uint8Array, backdrop: RawImage): Promise<Buffer> {
  const { width, height, data } = src;
  const n = width * height;
  // A soft edge: the matte eased by a px, so no hard step at the person's outline.
  const keep = await blurGrey(
    Uint8Array.from(paint, (v) => 255 - v),
    width,
    height,
    1.2,
  );
  // The old backdrop's colour near each edge pixel: a blur of the source weighted by how much backdrop it is.
  const weight = new Float32Array(n);
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let p = 0; p < n; p++) {
    const b = 1 - (keep[p] as number) / 255;
    weight[p] = b;
    for (let c = 0; c < 3; c++) (planes[c] as Float32Array)[p] = ((data[p * 3 + c] as number) / 255) * b;
  }
  const [w, r, g, b] = await blurPlanes([weight, ...planes], width, height, 8);
  const out = Buffer.alloc(n * 3);
  for (let p = 0; p < n; p++) {
    const a = (keep[p] as number) / 255;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      const fresh = backdrop.data[p * backdrop.channels + c] as number;
      if (a >= 0.995) {
        out[i] = data[i] as number;
        continue;
      }
      if (a <= 0.005) {
        out[i] = fresh;
        continue;
      }
      const wp = (w as Float32Array)[p] as number;
      const old =
        wp > 1e-4 ? ((([r, g, b][c] as Float32Array)[p] as number) / wp) * 255 : (data[i] as number);
      // I = a F + (1 - a) B_old, so F = (I - (1 - a) B_old) / a: the person's own colour at its edge.
      const fg = Math.min(255, Math.max(0, ((data[i] as number) - (1 - a) * old) / Math.max(a, 0.15)));
      out[i] = Math.round(a * fg + (1 - a) * fresh);
    }
  }
  return out;
}

/**
 * Where the outfit goes, read from its mask (the person below the chin): the collar at the mask's top, the
 * neck at the middle of its first rows, the face's width from the shoulders' span.
 */
function outfitPlace(paint: Uint8Array, width: number, height: number) {
  let top = -1;
  for (let y = 0; y < height && top < 0; y++)
    for (let x = 0; x < width; x++)
      if ((paint[y * width + x] as number) > 127) {
        top = y;
        break;
      }
  if (top < 0) return null;
  const span = (y: number) => {
    let lo = -1;
    let hi = -1;
    let sum = 0;
    let count = 0;
    for (let x = 0; x < width; x++)
      if ((paint[y * width + x] as number) > 127) {
        if (lo < 0) lo = x;
        hi = x;
        sum += x;
        count++;
      }
    return { lo, hi, mid: count ? sum / count : width / 2 };
  };
  const neck = span(Math.min(height - 1, top + Math.round(height * 0.02)));
  const shoulders = span(Math.min(height - 1, top + Math.round((height - top) * 0.35)));
  const f = Math.min(width * 0.45, Math.max(width * 0.12, (shoulders.hi - shoulders.lo) / 2.8));
  const faceHeight = f * 1.25;
  return { eyeX: neck.mid, eyeY: top - faceHeight * 0.8, width: f, height: faceHeight };
}

async function newOutfit(src: Rgb, paint: Uint8Array, look: OutfitLook): Promise<Buffer> {
  const place = outfitPlace(paint, src.width, src.height);
  const dressed: RawImage = {
    data: Buffer.from(src.data),
    width: src.width,
    height: src.height,
    channels: 3,
  };
  await drawOutfit(dressed, look, place);
  const soft = await blurGrey(paint, src.width, src.height, 1);
  const out = Buffer.from(src.data);
  for (let p = 0; p < soft.length; p++) {
    const k = (soft[p] as number) / 255;
    if (k === 0) continue;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      out[i] = Math.round((out[i] as number) + ((dressed.data[i] as number) - (out[i] as number)) * k);
    }
  }
  return out;
}

/** The picture on its larger canvas: the backdrop behind, matched to the picture's edge near the seam. */
async function extendFrame(request: EditRequest, backdrop: RawImage): Promise<Buffer> {
  const { width, height, placement: at } = request;
  const src = await rgbOf(request.image, at.width, at.height);
  // The mean colour of the picture's outer band, and of the backdrop under the same band.
  const band = Math.max(2, Math.round(Math.min(at.width, at.height) * 0.03));
  const edge = [0, 0, 0];
  const under = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < at.height; y++)
    for (let x = 0; x < at.width; x++) {
      if (x >= band && x < at.width - band && y >= band && y < at.height - band) continue;
      const i = (y * at.width + x) * 3;
      const j = ((y + at.y) * width + x + at.x) * backdrop.channels;
      for (let c = 0; c < 3; c++) {
        edge[c] = (edge[c] as number) + (src.data[i + c] as number);
        under[c] = (under[c] as number) + (backdrop.data[j + c] as number);
      }
      count++;
    }
  const shift = edge.map((v, c) => (v - (under[c] as number)) / count);
  const reach = Math.min(width, height) * 0.35;
  const feather = Math.max(4, Math.round(Math.min(at.width, at.height) * 0.025));
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dx = Math.max(at.x - x, 0, x - (at.x + at.width - 1));
      const dy = Math.max(at.y - y, 0, y - (at.y + at.height - 1));
      const o = (y * width + x) * 3;
      const j = (y * width + x) * backdrop.channels;
      // The backdrop, its colour led to the picture's edge colour near the seam.
      const near = Math.exp(-Math.hypot(dx, dy) / reach);
      for (let c = 0; c < 3; c++)
        out[o + c] = Math.min(
          255,
          Math.max(0, Math.round((backdrop.data[j + c] as number) + (shift[c] as number) * near)),
        );
      if (dx || dy) continue;
      // Inside the picture: itself, eased into the extension over a few px where a side meets new canvas.
      const lx = x - at.x;
      const ly = y - at.y;
      const d = Math.min(
        at.x > 0 ? lx : feather,
        at.x + at.width < width ? at.width - 1 - lx : feather,
        at.y > 0 ? ly : feather,
        at.y + at.height < height ? at.height - 1 - ly : feather,
      );
      const k = Math.min(1, (d + 1) / feather);
      const i = (ly * at.width + lx) * 3;
      for (let c = 0; c < 3; c++)
        out[o + c] = Math.round(
          (out[o + c] as number) + ((src.data[i + c] as number) - (out[o + c] as number)) * k,
        );
    }
  return out;
}

const RETOUCH: Record<RetouchLevel, { strength: number; sigma: number; shine: number }> = {
  natural: { strength: 0.45, sigma: 1.6, shine: 0.25 },
  light: { strength: 0.7, sigma: 2.6, shine: 0.45 },
  polished: { strength: 0.92, sigma: 3.8, shine: 0.65 },
};
/** A grey level's gradient above which a pixel counts as an edge (eyes, lips, the face's outline): kept. */
const EDGE = 36;

async function retouch(src: Rgb, paint: Uint8Array, level: RetouchLevel): Promise<Buffer> {
  const { width, height, data } = src;
  const { strength, sigma, shine } = RETOUCH[level];
  const raw = { raw: { width, height, channels: 3 as const } };
  const [smooth, grey, soft] = await Promise.all([
    sharp(data, raw).median(5).blur(sigma).raw().toBuffer(),
    sharp(data, raw).greyscale().blur(0.8).extractChannel(0).raw().toBuffer(),
    blurGrey(paint, width, height, 2.5),
  ]);
  const out = Buffer.from(data);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const m = (soft[p] as number) / 255;
      if (m === 0) continue;
      const gx = (grey[p + 1] as number) - (grey[p - 1] as number);
      const gy = (grey[p + width] as number) - (grey[p - width] as number);
      const flat = Math.max(0, 1 - Math.hypot(gx, gy) / EDGE);
      const k = m * strength * flat;
      const i = p * 3;
      const lum = ((data[i] as number) * 2 + (data[i + 1] as number) * 5 + (data[i + 2] as number)) / 8;
      // Shine: highlights on the skin pulled down toward the smoothed tone.
      const dull = lum > 190 ? Math.min(1, ((lum - 190) / 50) * shine) * m : 0;
      for (let c = 0; c < 3; c++) {
        const v = data[i + c] as number;
        const s = smooth[i + c] as number;
        const smoothed = v + (s - v) * k;
        out[i + c] = Math.round(smoothed + (Math.min(s, smoothed) - smoothed) * dull);
      }
    }
  return out;
}

/** Fills the painted region from its border: pull (weighted means down a pyramid), then push back up. */
async function inpaint(src: Rgb, paint: Uint8Array): Promise<Buffer> {
  const { width, height, data } = src;
  interface Level {
    w: number;
    h: number;
    c: Float32Array;
    a: Float32Array;
  }
  const base: Level = {
    w: width,
    h: height,
    c: new Float32Array(width * height * 3),
    a: new Float32Array(width * height),
  };
  for (let p = 0; p < width * height; p++) {
    const a = (paint[p] as number) > 127 ? 0 : 1;
    base.a[p] = a;
    for (let c = 0; c < 3; c++) base.c[p * 3 + c] = (data[p * 3 + c] as number) * a;
  }
  const levels: Level[] = [base];
  while (levels.length < 14) {
    const l = levels[levels.length - 1] as Level;
    if (l.w <= 1 && l.h <= 1) break;
    const w = Math.max(1, Math.ceil(l.w / 2));
    const h = Math.max(1, Math.ceil(l.h / 2));
    const next: Level = { w, h, c: new Float32Array(w * h * 3), a: new Float32Array(w * h) };
    for (let y = 0; y < l.h; y++)
      for (let x = 0; x < l.w; x++) {
        const p = y * l.w + x;
        const q = (y >> 1) * w + (x >> 1);
        next.a[q] = (next.a[q] as number) + (l.a[p] as number);
        for (let c = 0; c < 3; c++)
          next.c[q * 3 + c] = (next.c[q * 3 + c] as number) + (l.c[p * 3 + c] as number);
      }
    // Normalised to a premultiplied mean with weight up to 1.
    for (let q = 0; q < w * h; q++) {
      const a = next.a[q] as number;
      if (a > 0) {
        const k = Math.min(1, a) / a;
        for (let c = 0; c < 3; c++) next.c[q * 3 + c] = (next.c[q * 3 + c] as number) * k;
        next.a[q] = Math.min(1, a);
      }
    }
    levels.push(next);
  }
  // Push: each level's missing weight taken from the coarser level (bilinear), finest last.
  for (let k = levels.length - 2; k >= 0; k--) {
    const l = levels[k] as Level;
    const up = levels[k + 1] as Level;
    for (let y = 0; y < l.h; y++)
      for (let x = 0; x < l.w; x++) {
        const p = y * l.w + x;
        const miss = 1 - (l.a[p] as number);
        if (miss <= 0) continue;
        const fx = Math.min(up.w - 1, Math.max(0, (x - 0.5) / 2));
        const fy = Math.min(up.h - 1, Math.max(0, (y - 0.5) / 2));
        const x0 = Math.floor(fx);
        const y0 = Math.floor(fy);
        const x1 = Math.min(up.w - 1, x0 + 1);
        const y1 = Math.min(up.h - 1, y0 + 1);
        const tx = fx - x0;
        const ty = fy - y0;
        const at = (xx: number, yy: number, c: number) => up.c[(yy * up.w + xx) * 3 + c] as number;
        const aAt = (xx: number, yy: number) => up.a[yy * up.w + xx] as number;
        const lerp = (f: (xx: number, yy: number) => number) =>
          (f(x0, y0) * (1 - tx) + f(x1, y0) * tx) * (1 - ty) + (f(x0, y1) * (1 - tx) + f(x1, y1) * tx) * ty;
        const ua = lerp(aAt);
        if (ua <= 0) continue;
        for (let c = 0; c < 3; c++)
          l.c[p * 3 + c] =
            (l.c[p * 3 + c] as number) + ((miss * lerp((xx, yy) => at(xx, yy, c))) / ua) * Math.min(1, ua);
        l.a[p] = (l.a[p] as number) + miss * Math.min(1, ua);
      }
  }
  const soft = await blurGrey(paint, width, height, 1.5);
  const out = Buffer.from(data);
  for (let p = 0; p < width * height; p++) {
    const m = Math.max((soft[p] as number) / 255, (paint[p] as number) > 127 ? 1 : 0);
    if (m === 0) continue;
    const a = Math.max(1e-6, base.a[p] as number);
    for (let c = 0; c < 3; c++) {
      const filled = (base.c[p * 3 + c] as number) / a;
      const i = p * 3 + c;
      out[i] = Math.round((out[i] as number) + (filled - (out[i] as number)) * m);
    }
  }
  return out;
}

export async function renderEdit(request: EditRequest): Promise<GeneratedAvatar> {
  const { width, height, edit, recipe } = request;
  let pixels: Buffer;
  try {
    if (edit.kind === 'framing') {
      pixels = await extendFrame(request, await backdropLayer(recipe.backdrop, width, height));
    } else {
      const [src, paint] = await Promise.all([
        rgbOf(request.image, width, height),
        paintOf(request.mask, width, height),
      ]);
      switch (edit.kind) {
        case 'backdrop':
          pixels = await newBackdrop(src, paint, await backdropLayer(recipe.backdrop, width, height));
          break;
        case 'outfit':
          pixels = recipe.outfit ? await newOutfit(src, paint, recipe.outfit) : src.data;
          break;
        case 'retouch':
          pixels = await retouch(src, paint, edit.level ?? 'natural');
          break;
        case 'region':
          pixels = await inpaint(src, paint);
          break;
      }
    }
  } catch (e) {
    throw new ProviderPermanentError('The picture or its mask could not be read', { cause: e });
  }
  const image = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return {
    image,
    contentType: 'image/jpeg',
    width,
    height,
    kind: 'preview-render',
    model: LOCAL_EDIT_MODEL,
    usage: null,
    attempts: 1,
  };
}
