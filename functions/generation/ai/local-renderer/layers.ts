// The picture around the photo: backdrop, the window the photo shows through, texture and frame. Each is
// drawn as SVG (or seeded noise) at the output size and cached as raw pixels (raw-cache.ts).
import sharp, { type Sharp } from 'sharp';
import type { RenderRecipe } from '../../../styles/public.ts';
import type { Texture as Layered } from './compose.ts';
import { cached, type RawImage } from './raw-cache.ts';
import { brickBody, skylineBody } from './scene-backdrops.ts';

type Backdrop = RenderRecipe['backdrop'];
type Subject = RenderRecipe['subject'];
type Texture = RenderRecipe['texture'];
type Frame = RenderRecipe['frame'];

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const svg = (w: number, h: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  );

async function rasterise(source: Sharp, channels: 1 | 3 | 4): Promise<RawImage> {
  const pipeline =
    channels === 1 ? source.extractChannel(3) : channels === 3 ? source.removeAlpha() : source.ensureAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== channels) throw new Error(`expected ${channels} channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height, channels };
}

/** A small deterministic random sequence, so a backdrop looks the same on every render. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const pick = (colors: string[], i: number): string => colors[Math.min(i, colors.length - 1)] ?? '#808080';

function backdropSvg(b: Backdrop, w: number, h: number): Buffer {
  const [c0, c1, c2, c3] = [0, 1, 2, 3].map((i) => pick(b.colors, i)) as [string, string, string, string];
  const rnd = random(`${b.kind}${b.colors.join()}`);
  const gradient = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c0}"/></linearGradient>`;
  switch (b.kind) {
    case 'solid':
      return svg(w, h, `<rect width="100%" height="100%" fill="${c0}"/>`);
    case 'linear':
      return svg(w, h, `<defs>${gradient}</defs><rect width="100%" height="100%" fill="url(#g)"/>`);
    case 'radial':
      return svg(
        w,
        h,
        `<defs><radialGradient id="r" cx="0.5" cy="0.38" r="0.75"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c0}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#r)"/>`,
      );
    case 'studio':
      // A painted studio backdrop: a soft pool of light behind the head, darker towards the edges and floor.
      return svg(
        w,
        h,
        `<defs><radialGradient id="r" cx="0.5" cy="0.34" r="0.7"><stop offset="0" stop-color="${c1}"/><stop offset="0.55" stop-color="${c2 === c1 ? c1 : c2}" stop-opacity="0.9"/><stop offset="1" stop-color="${c0}"/></radialGradient></defs><rect width="100%" height="100%" fill="${c0}"/><rect width="100%" height="100%" fill="url(#r)"/>`,
      );
    case 'rays': {
      const cx = w / 2;
      const cy = h * 0.42;
      const r = Math.hypot(w, h);
      const n = 24;
      let wedges = '';
      for (let i = 0; i < n; i += 2) {
        const a0 = (i / n) * Math.PI * 2;
        const a1 = ((i + 1) / n) * Math.PI * 2;
        wedges += `<path d="M${cx} ${cy}L${cx + r * Math.cos(a0)} ${cy + r * Math.sin(a0)}L${cx + r * Math.cos(a1)} ${cy + r * Math.sin(a1)}Z"/>`;
      }
      return svg(
        w,
        h,
        `<defs><radialGradient id="f" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="${c2}" stop-opacity="0.85"/><stop offset="1" stop-color="${c2}" stop-opacity="0"/></radialGradient></defs><rect width="100%" height="100%" fill="${c0}"/><g fill="${c1}">${wedges}</g><rect width="100%" height="100%" fill="url(#f)"/>`,
      );
    }
    case 'stars': {
      let stars = '';
      for (let i = 0; i < 220; i++) {
        const big = rnd() > 0.93;
        stars += `<circle cx="${(rnd() * w).toFixed(1)}" cy="${(rnd() * h).toFixed(1)}" r="${(big ? 2 + rnd() * 2.5 : 0.6 + rnd() * 1.4).toFixed(2)}" fill="${big ? c2 : '#ffffff'}" fill-opacity="${(0.35 + rnd() * 0.65).toFixed(2)}"/>`;
      }
      return svg(
        w,
        h,
        `<defs>${gradient}<radialGradient id="n" cx="0.7" cy="0.25" r="0.55"><stop offset="0" stop-color="${c3}" stop-opacity="0.55"/><stop offset="1" stop-color="${c3}" stop-opacity="0"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#n)"/>${stars}`,
      );
    }
    case 'grid': {
      const horizon = h * 0.62;
      let lines = '';
      for (let i = -12; i <= 12; i++) {
        lines += `<line x1="${w / 2 + i * (w / 40)}" y1="${horizon}" x2="${w / 2 + i * (w / 5)}" y2="${h}"/>`;
      }
      for (let i = 1; i <= 9; i++) {
        const y = horizon + (h - horizon) * (i / 9) ** 1.8;
        lines += `<line x1="0" y1="${y.toFixed(1)}" x2="${w}" y2="${y.toFixed(1)}"/>`;
      }
      return svg(
        w,
        h,
        `<defs>${gradient}<radialGradient id="s" cx="0.5" cy="${(horizon / h).toFixed(2)}" r="0.35"><stop offset="0" stop-color="${c3}" stop-opacity="0.9"/><stop offset="1" stop-color="${c3}" stop-opacity="0"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#s)"/><rect y="${horizon}" width="100%" height="${h - horizon}" fill="${c0}" fill-opacity="0.85"/><g stroke="${c2}" stroke-width="2.5" stroke-opacity="0.85">${lines}</g>`,
      );
    }
    case 'bokeh': {
      let dots = '';
      for (let i = 0; i < 26; i++) {
        const r = (0.03 + rnd() * 0.09) * w;
        dots += `<circle cx="${(rnd() * w).toFixed(1)}" cy="${(rnd() * h * 0.8).toFixed(1)}" r="${r.toFixed(1)}" fill="url(#b${i % 2})"/>`;
      }
      const blob = (id: string, c: string) =>
        `<radialGradient id="${id}"><stop offset="0" stop-color="${c}" stop-opacity="0.55"/><stop offset="0.7" stop-color="${c}" stop-opacity="0.35"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
      return svg(
        w,
        h,
        `<defs>${gradient}${blob('b0', c2)}${blob('b1', c3)}</defs><rect width="100%" height="100%" fill="url(#g)"/>${dots}`,
      );
    }
    case 'stripes':
      return svg(
        w,
        h,
        `<defs><pattern id="p" width="64" height="64" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="64" height="64" fill="${c0}"/><rect width="32" height="64" fill="${c1}"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/>`,
      );
    case 'dots':
      return svg(
        w,
        h,
        `<defs><pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(20)"><rect width="28" height="28" fill="${c0}"/><circle cx="14" cy="14" r="7" fill="${c1}"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/>`,
      );
    case 'skyline':
      return svg(w, h, skylineBody(b.colors, w, h, rnd));
    case 'brick':
      return svg(w, h, brickBody(b.colors, w, h, rnd));
  }
}

export const backdropLayer = (b: Backdrop, w: number, h: number): Promise<RawImage> =>
  cached(`backdrop:${w}x${h}:${JSON.stringify(b)}`, () => rasterise(sharp(backdropSvg(b, w, h)), 3));

/** Where the photo goes: the window's box, grown by its soft edge and kept inside the frame. */
export function windowBox(s: Subject, w: number, h: number): { box: Box; shape: Box; blur: number } {
  const blur = Math.round(s.feather * 0.05 * w);
  if (s.shape === 'full')
    return {
      box: { left: 0, top: 0, width: w, height: h },
      shape: { left: 0, top: 0, width: w, height: h },
      blur: 0,
    };
  const width = Math.round(w * s.scale);
  const height =
    s.shape === 'circle'
      ? width
      : s.shape === 'oval'
        ? Math.min(h, Math.round(width * (h > w ? 1.32 : 1.12)))
        : h;
  const cy = h / 2 + s.offsetY * h;
  const top =
    s.shape === 'arch'
      ? Math.round(h - Math.min(h, width * (h > w ? 1.45 : 1.05)) + s.offsetY * h)
      : Math.round(cy - height / 2);
  const shape = {
    left: Math.round((w - width) / 2),
    top,
    width,
    height: s.shape === 'arch' ? h - top : height,
  };
  const left = Math.max(0, shape.left - 2 * blur);
  const boxTop = Math.max(0, shape.top - 2 * blur);
  const box = {
    left,
    top: boxTop,
    width: Math.min(w, shape.left + shape.width + 2 * blur) - left,
    height: Math.min(h, shape.top + shape.height + 2 * blur) - boxTop,
  };
  return { box, shape, blur };
}

/** The window's alpha, one channel the size of its box: opaque inside, fading over the soft edge. */
export function windowMask(s: Subject, w: number, h: number): Promise<RawImage> {
  return cached(`mask:${w}x${h}:${JSON.stringify(s)}`, async () => {
    const { box, shape, blur } = windowBox(s, w, h);
    const x = shape.left - box.left;
    const y = shape.top - box.top;
    const body =
      s.shape === 'full'
        ? `<rect width="100%" height="100%" fill="#fff"/>`
        : s.shape === 'arch'
          ? `<path d="M${x} ${y + shape.width / 2}A${shape.width / 2} ${shape.width / 2} 0 0 1 ${x + shape.width} ${y + shape.width / 2}V${box.height + blur * 4}H${x}Z" fill="#fff"/>`
          : `<ellipse cx="${x + shape.width / 2}" cy="${y + shape.height / 2}" rx="${shape.width / 2}" ry="${shape.height / 2}" fill="#fff"/>`;
    let img = sharp(svg(box.width, box.height, body));
    if (blur > 0) img = sharp(await img.png().toBuffer()).blur(blur / 2);
    return rasterise(img, 1);
  });
}

/** A texture laid over the whole picture: a grey pattern, its strength and blend mode; null for none. */
export async function textureLayer(t: Texture, w: number, h: number): Promise<Layered | null> {
  if (t.kind === 'none' || t.amount <= 0) return null;
  const image = await cached(`texture:${w}x${h}:${t.kind}`, async () => {
    let base: Sharp;
    if (t.kind === 'grain' || t.kind === 'paper') {
      // Seeded noise (not sharp's own, which differs on every run), so a style renders the same each time.
      const rnd = random(`${t.kind}${w}x${h}`);
      const sigma = t.kind === 'grain' ? 38 : 22;
      const grey = Buffer.alloc(w * h);
      for (let i = 0; i < grey.length; i += 2) {
        // Box-Muller: two normal values from two uniform ones.
        const r = Math.sqrt(-2 * Math.log(1 - rnd())) * sigma;
        const a = 2 * Math.PI * rnd();
        grey[i] = Math.max(0, Math.min(255, 128 + r * Math.cos(a)));
        grey[i + 1] = Math.max(0, Math.min(255, 128 + r * Math.sin(a)));
      }
      const noise = await sharp(grey, { raw: { width: w, height: h, channels: 1 } })
        .blur(t.kind === 'grain' ? 0.6 : 3)
        .png()
        .toBuffer();
      base = sharp(noise);
    } else {
      const pattern =
        t.kind === 'canvas'
          ? `<pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#808080"/><path d="M0 2H8M0 6H8" stroke="#5a5a5a" stroke-width="1.4"/><path d="M2 0V8M6 0V8" stroke="#a8a8a8" stroke-width="1.2"/></pattern>`
          : t.kind === 'halftone'
            ? `<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="#ffffff"/><circle cx="5" cy="5" r="2.6" fill="#9a9a9a"/></pattern>`
            : `<pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#ffffff"/><rect width="4" height="1.5" fill="#707070"/></pattern>`;
      base = sharp(svg(w, h, `<defs>${pattern}</defs><rect width="100%" height="100%" fill="url(#p)"/>`));
    }
    const { data, info } = await base.removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`expected one grey channel, got ${info.channels}`);
    return { data, width: w, height: h, channels: 1 };
  });
  const blend =
    t.kind === 'halftone' || t.kind === 'scanlines'
      ? 'multiply'
      : t.kind === 'canvas'
        ? 'soft-light'
        : 'overlay';
  return { grey: image.data, amount: Math.min(1, t.amount), blend };
}

function frameSvg(f: Frame, w: number, h: number): string {
  const c = f.color;
  const m = Math.round(w * 0.028);
  switch (f.kind) {
    case 'none':
      return '';
    case 'vignette':
      return `<defs><radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="${c}" stop-opacity="0"/><stop offset="1" stop-color="${c}" stop-opacity="0.7"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/>`;
    case 'border':
      return `<rect x="${m / 2}" y="${m / 2}" width="${w - m}" height="${h - m}" fill="none" stroke="${c}" stroke-width="${m}"/>`;
    case 'double':
      return `<rect x="${m / 2}" y="${m / 2}" width="${w - m}" height="${h - m}" fill="none" stroke="${c}" stroke-width="${m}"/><rect x="${m * 1.8}" y="${m * 1.8}" width="${w - m * 3.6}" height="${h - m * 3.6}" fill="none" stroke="${c}" stroke-width="${m / 4}"/>`;
    case 'ornate': {
      const corner = (x: number, y: number, sx: number, sy: number) =>
        `<g transform="translate(${x} ${y}) scale(${sx} ${sy})"><path d="M0 ${m * 5}C0 ${m * 2} ${m * 2} 0 ${m * 5} 0" fill="none" stroke="${c}" stroke-width="${m / 3}"/><circle cx="${m * 1.6}" cy="${m * 1.6}" r="${m / 1.6}" fill="${c}"/><path d="M${m * 2.6} ${m * 0.9}Q${m * 4} ${m * 2.2} ${m * 6.5} ${m * 0.9}M${m * 0.9} ${m * 2.6}Q${m * 2.2} ${m * 4} ${m * 0.9} ${m * 6.5}" fill="none" stroke="${c}" stroke-width="${m / 5}"/></g>`;
      return `<defs><radialGradient id="v" cx="0.5" cy="0.45" r="0.8"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/><rect x="${m / 2}" y="${m / 2}" width="${w - m}" height="${h - m}" fill="none" stroke="${c}" stroke-width="${m}"/><rect x="${m * 1.7}" y="${m * 1.7}" width="${w - m * 3.4}" height="${h - m * 3.4}" fill="none" stroke="${c}" stroke-width="${m / 5}"/>${corner(m * 1.7, m * 1.7, 1, 1)}${corner(w - m * 1.7, m * 1.7, -1, 1)}${corner(m * 1.7, h - m * 1.7, 1, -1)}${corner(w - m * 1.7, h - m * 1.7, -1, -1)}`;
    }
    case 'neon':
      return `<defs><filter id="glow" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${m / 2}"/></filter></defs><rect x="${m * 1.2}" y="${m * 1.2}" width="${w - m * 2.4}" height="${h - m * 2.4}" rx="${m}" fill="none" stroke="${c}" stroke-width="${m / 2}" filter="url(#glow)"/><rect x="${m * 1.2}" y="${m * 1.2}" width="${w - m * 2.4}" height="${h - m * 2.4}" rx="${m}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${m / 7}"/>`;
    case 'polaroid':
      return `<path fill-rule="evenodd" fill="${c}" d="M0 0H${w}V${h}H0Z M${m * 1.6} ${m * 1.6}V${h - m * 5}H${w - m * 1.6}V${m * 1.6}Z"/><rect x="${m * 1.6}" y="${m * 1.6}" width="${w - m * 3.2}" height="${h - m * 6.6}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`;
    case 'rounded':
      return `<path fill-rule="evenodd" fill="${c}" d="M0 0H${w}V${h}H0Z M${m} ${m * 4}A${m * 3} ${m * 3} 0 0 1 ${m * 4} ${m}H${w - m * 4}A${m * 3} ${m * 3} 0 0 1 ${w - m} ${m * 4}V${h - m * 4}A${m * 3} ${m * 3} 0 0 1 ${w - m * 4} ${h - m}H${m * 4}A${m * 3} ${m * 3} 0 0 1 ${m} ${h - m * 4}Z"/>`;
  }
}

export async function frameLayer(f: Frame, w: number, h: number): Promise<RawImage | null> {
  if (f.kind === 'none') return null;
  return cached(`frame:${w}x${h}:${f.kind}:${f.color}`, () =>
    rasterise(sharp(svg(w, h, frameSvg(f, w, h))), 4),
  );
}
