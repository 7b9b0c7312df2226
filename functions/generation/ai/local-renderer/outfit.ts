// The outfit a user chose, drawn over the person's shoulders in the placed photo before it is
// stylised and graded, so it takes the style's look like the rest of the photo. Placed from the face measured
// at upload (under the chin, as wide as shoulders are for that face); without one, where a head-and-shoulders
// crop usually puts them. A preview of the choice, not tailoring: the AI provider dresses the person for real.
import sharp from 'sharp';
import type { OutfitLook } from '#shared/style-choices.ts';
import type { PlacedFace } from './face-frame.ts';
import type { RawImage } from './raw-cache.ts';

/** A colour made darker (k < 1) or lighter (k > 1), as #rrggbb. */
function shade(hex: string, k: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) =>
    Math.round(k < 1 ? v * k : v + (255 - v) * (k - 1))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${c.join('')}`;
}

interface Geometry {
  /** the neck's centre */
  cx: number;
  /** where the collar sits */
  neckY: number;
  /** the face's width: every measure of the garment follows it */
  f: number;
}

function geometryOf(face: PlacedFace | null, width: number, height: number): Geometry {
  if (face) return { cx: face.eyeX, neckY: face.eyeY + face.height * 0.8, f: face.width };
  return { cx: width / 2, neckY: height * 0.66, f: width * 0.28 };
}

/** The garment as SVG, drawn from `top` down (the rows above it stay untouched). */
function garmentSvg(look: OutfitLook, g: Geometry, width: number, height: number, top: number): string {
  const { cx, f } = g;
  const neckY = g.neckY - top;
  height -= top;
  const [main = '#333333', second = '#ffffff', third = '#7f1d1d'] = look.colors;
  const nw = f * 0.3;
  const sy = neckY + f * 0.5;
  const sw = f * 1.5;
  const bottom = height + f;
  const p = (x: number, y: number) => `${x.toFixed(1)} ${y.toFixed(1)}`;
  const body = `M${p(cx - nw, neckY)}C${p(cx - nw - f * 0.35, neckY + f * 0.1)} ${p(cx - sw + f * 0.3, sy - f * 0.12)} ${p(cx - sw, sy + f * 0.25)}L${p(cx - sw - f * 0.2, bottom)}H${(cx + sw + f * 0.2).toFixed(1)}L${p(cx + sw, sy + f * 0.25)}C${p(cx + sw - f * 0.3, sy - f * 0.12)} ${p(cx + nw + f * 0.35, neckY + f * 0.1)} ${p(cx + nw, neckY)}Z`;
  const fill = `<linearGradient id="cloth" gradientUnits="userSpaceOnUse" x1="0" x2="0" y1="${neckY.toFixed(1)}" y2="${height}"><stop offset="0" stop-color="${shade(main, 1.12)}"/><stop offset="1" stop-color="${shade(main, 0.78)}"/></linearGradient>`;
  const line = (w: number, c: string) =>
    `fill="none" stroke="${c}" stroke-width="${(f * w).toFixed(1)}" stroke-linejoin="round"`;
  let parts = `<path d="${body}" fill="url(#cloth)"/>`;
  const vDepth = neckY + f * (look.kind === 'suit' ? 1.55 : 1.3);
  const opening = `M${p(cx - nw * 1.05, neckY - f * 0.02)}L${p(cx, vDepth)}L${p(cx + nw * 1.05, neckY - f * 0.02)}Z`;
  const collar = `M${p(cx - nw * 1.1, neckY - f * 0.05)}L${p(cx - f * 0.04, neckY + f * 0.3)}L${p(cx - nw * 0.7, neckY + f * 0.34)}ZM${p(cx + nw * 1.1, neckY - f * 0.05)}L${p(cx + f * 0.04, neckY + f * 0.3)}L${p(cx + nw * 0.7, neckY + f * 0.34)}Z`;
  switch (look.kind) {
    case 'suit':
    case 'blazer': {
      parts += `<path d="${opening}" fill="${second}"/>`;
      if (look.kind === 'suit')
        parts += `<path d="M${p(cx - f * 0.07, neckY + f * 0.22)}H${(cx + f * 0.07).toFixed(1)}L${p(cx + f * 0.11, vDepth - f * 0.1)}L${p(cx, vDepth + f * 0.02)}L${p(cx - f * 0.11, vDepth - f * 0.1)}Z" fill="${third}"/>`;
      parts += `<path d="${collar}" fill="${shade(second, 0.92)}"/>`;
      // Lapels: the jacket's edge folded back along the opening.
      parts += `<path d="M${p(cx - nw * 1.05, neckY)}L${p(cx - f * 0.02, vDepth)}M${p(cx + nw * 1.05, neckY)}L${p(cx + f * 0.02, vDepth)}" ${line(0.07, shade(main, 0.6))}/>`;
      parts += `<circle cx="${cx.toFixed(1)}" cy="${(vDepth + f * 0.3).toFixed(1)}" r="${(f * 0.05).toFixed(1)}" fill="${shade(main, 0.55)}"/>`;
      break;
    }
    case 'knit':
      parts += `<path d="${collar}" fill="${second}"/>`;
      parts += `<path d="M${p(cx - nw * 1.05, neckY)}Q${p(cx, neckY + f * 0.42)} ${p(cx + nw * 1.05, neckY)}" ${line(0.09, shade(main, 0.75))}/>`;
      break;
    case 'shirt':
      parts += `<path d="M${p(cx, neckY + f * 0.25)}V${bottom.toFixed(1)}" ${line(0.04, second)}/>`;
      for (let i = 1; i <= 3; i++)
        parts += `<circle cx="${(cx + f * 0.05).toFixed(1)}" cy="${(neckY + f * (0.35 + i * 0.45)).toFixed(1)}" r="${(f * 0.03).toFixed(1)}" fill="${second}"/>`;
      parts += `<path d="${collar}" fill="${shade(main, 1.1)}" stroke="${second}" stroke-width="${(f * 0.02).toFixed(1)}"/>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${fill}</defs>${parts}</svg>`;
}

/**
 * Paints the outfit into `photo` (RGB, in place) and answers its coverage (one alpha channel, photo-sized):
 * a person cut out of a plain wall keeps the garment even where it is wider than their own outline.
 */
export async function drawOutfit(
  photo: RawImage,
  look: OutfitLook,
  face: PlacedFace | null,
): Promise<Buffer> {
  const { width, height } = photo;
  const coverage = Buffer.alloc(width * height);
  const g = geometryOf(face, width, height);
  // Only the rows from the collar down are drawn: a third of the work of the whole picture.
  const top = Math.min(height - 1, Math.max(0, Math.floor(g.neckY - g.f * 0.1)));
  const { data } = await sharp(Buffer.from(garmentSvg(look, g, width, height, top)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = photo.data;
  for (let p = top * width, i = p * 3, j = 0; p < coverage.length; p++, i += 3, j += 4) {
    const a = data[j + 3] as number;
    if (a === 0) continue;
    coverage[p] = a;
    const k = a / 255;
    px[i] = (px[i] as number) + ((data[j] as number) - (px[i] as number)) * k;
    px[i + 1] = (px[i + 1] as number) + ((data[j + 1] as number) - (px[i + 1] as number)) * k;
    px[i + 2] = (px[i + 2] as number) + ((data[j + 2] as number) - (px[i + 2] as number)) * k;
  }
  return coverage;
}
