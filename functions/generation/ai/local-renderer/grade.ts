// The colour grade of a recipe as one affine transform of RGB (brightness, contrast, saturation, hue,
// mono, sepia, duotone and tint all are), applied in a single pass over the pixels.
import type { RenderRecipe } from '../../../styles/public.ts';

type Grade = RenderRecipe['grade'];
/** rows: R, G, B; columns: r, g, b, offset */
type Affine = [number[], number[], number[]];

const IDENTITY: Affine = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
];
const LUMA = [0.2126, 0.7152, 0.0722];

/** a after b: (a ∘ b)(x) = a(b(x)) */
function compose(a: Affine, b: Affine): Affine {
  return a.map((row) => {
    const out = [0, 0, 0, row[3] as number];
    for (let k = 0; k < 3; k++) {
      const f = row[k] as number;
      const brow = b[k] as number[];
      for (let j = 0; j < 4; j++) out[j] = (out[j] as number) + f * (brow[j] as number);
    }
    return out;
  }) as Affine;
}

const hex = (c: string): [number, number, number] => {
  const n = Number.parseInt(c.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const scale = (k: number, offset = 0): Affine => [
  [k, 0, 0, offset],
  [0, k, 0, offset],
  [0, 0, k, offset],
];

function saturation(s: number): Affine {
  return [0, 1, 2].map((i) => [...LUMA.map((l, j) => (1 - s) * l + (i === j ? s : 0)), 0]) as Affine;
}

/** Rotation of hue about the grey axis: the hueRotate matrix of SVG's feColorMatrix. */
function hue(degrees: number): Affine {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0],
    [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283, 0],
    [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0],
  ];
}

function tone(g: Grade): Affine {
  switch (g.tone) {
    case 'natural':
      return IDENTITY;
    case 'mono':
      return [0, 1, 2].map(() => [...LUMA, 0]) as Affine;
    case 'sepia':
      return [
        [0.393, 0.769, 0.189, 0],
        [0.349, 0.686, 0.168, 0],
        [0.272, 0.534, 0.131, 0],
      ];
    case 'duotone': {
      const [dark, light] = (g.duotone ?? ['#000000', '#ffffff']).map(hex) as unknown as [number[], number[]];
      return [0, 1, 2].map((i) => {
        const span = ((light[i] as number) - (dark[i] as number)) / 255;
        return [...LUMA.map((l) => l * span), dark[i] as number];
      }) as Affine;
    }
  }
}

export function gradeMatrix(g: Grade): Affine {
  let m = IDENTITY;
  m = compose(scale(g.brightness), m);
  m = compose(scale(g.contrast, 128 * (1 - g.contrast)), m);
  m = compose(saturation(g.saturation), m);
  if (g.hue) m = compose(hue(g.hue), m);
  m = compose(tone(g), m);
  if (g.tint && g.tint.amount > 0) {
    // A colour cast that keeps each pixel's brightness: channels scaled towards the tint's hue, so a dark
    // skin tone stays as dark as it is instead of being washed towards the tint colour.
    const c = hex(g.tint.color);
    const lum = Math.max(
      1,
      LUMA.reduce((sum, l, i) => sum + l * (c[i] as number), 0),
    );
    const k = Math.min(1, g.tint.amount);
    m = compose(
      [0, 1, 2].map((i) =>
        [0, 1, 2].map((j) => (i === j ? 1 - k + (k * (c[i] as number)) / lum : 0)).concat(0),
      ) as Affine,
      m,
    );
  }
  return m;
}

/** Applies the transform to raw RGB pixels in place (values are clamped to 0-255). */
export function applyAffine(rgb: Buffer, m: Affine): void {
  const out = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  const [r0, r1, r2, r3] = m[0] as [number, number, number, number];
  const [g0, g1, g2, g3] = m[1] as [number, number, number, number];
  const [b0, b1, b2, b3] = m[2] as [number, number, number, number];
  for (let i = 0; i < out.length; i += 3) {
    const r = out[i] as number;
    const g = out[i + 1] as number;
    const b = out[i + 2] as number;
    out[i] = r0 * r + r1 * g + r2 * b + r3;
    out[i + 1] = g0 * r + g1 * g + g2 * b + g3;
    out[i + 2] = b0 * r + b1 * g + b2 * b + b3;
  }
}
