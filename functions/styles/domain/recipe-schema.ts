// A style's render recipe as stored (functions/styles/domain/render-recipe.ts says what each field draws),
// checked on every read of a style or of a task's copy of it: a recipe the renderer cannot draw fails loudly
// instead of reaching a screen or a provider call.
import * as z from 'zod/mini';

const hex = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
const share = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));

/** The render recipe's shape and ranges (RenderRecipe), parsed wherever a stored one is read. */
export const Recipe = z.object({
  backdrop: z.object({
    kind: z.enum([
      'solid',
      'linear',
      'radial',
      'studio',
      'rays',
      'stars',
      'grid',
      'bokeh',
      'stripes',
      'dots',
      'skyline',
      'brick',
    ]),
    colors: z.array(hex).check(z.minLength(1), z.maxLength(4)),
  }),
  subject: z.object({
    shape: z.enum(['full', 'oval', 'arch', 'circle']),
    scale: share(0.5, 1),
    offsetY: share(-0.2, 0.2),
    feather: share(0, 1),
    focus: z.enum(['attention', 'entropy']),
  }),
  grade: z.object({
    brightness: share(0.3, 2),
    saturation: share(0, 3),
    hue: share(-180, 180),
    contrast: share(0.3, 2),
    tone: z.enum(['natural', 'mono', 'sepia', 'duotone']),
    duotone: z.optional(z.tuple([hex, hex])),
    tint: z.optional(z.object({ color: hex, amount: share(0, 1) })),
  }),
  effect: z.enum(['none', 'soft', 'paint', 'ink', 'poster', 'pixel', 'sketch', 'glow']),
  texture: z.object({
    kind: z.enum(['none', 'grain', 'paper', 'canvas', 'halftone', 'scanlines']),
    amount: share(0, 1),
  }),
  frame: z.object({
    kind: z.enum(['none', 'vignette', 'border', 'double', 'ornate', 'neon', 'polaroid', 'rounded']),
    color: hex,
  }),
  outfit: z.optional(
    z.object({
      kind: z.enum(['suit', 'blazer', 'knit', 'shirt']),
      colors: z.array(hex).check(z.minLength(1), z.maxLength(3)),
    }),
  ),
});
