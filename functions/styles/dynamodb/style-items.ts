// Style items as stored, checked on every read: a malformed style (or a recipe the renderer cannot draw)
// fails loudly instead of reaching a screen or a provider call.
import * as z from 'zod/mini';
import type { Style } from '../domain/style.ts';

const hex = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
const share = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max));

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

const Text = z.object({ name: z.string(), description: z.string() });

export const StyleItem = z.object({
  id: z.int().check(z.positive()),
  key: z.nullable(z.string()),
  name: z.string(),
  description: z.string(),
  translations: z.object({ fr: z.optional(Text) }),
  category: z.string(),
  image_url: z.string(),
  token_cost: z.int().check(z.gte(1)),
  prompt: z.string(),
  is_active: z.boolean(),
  format: z.enum(['square', 'portrait']),
  quality: z.enum(['low', 'medium', 'high']),
  reference_count: z.int().check(z.gte(1), z.lte(16)),
  input_fidelity: z.enum(['low', 'high']),
  recipe: Recipe,
  /** absent on styles stored before backdrop and outfit choices existed: the catalogue's headshots and business portraits take them */
  accepts_choices: z.optional(z.boolean()),
  created_at: z.number(),
  updated_at: z.number(),
});

/** The categories whose catalogue styles accept choices (catalogue/professional.ts, corporate.ts). */
const CHOICE_CATEGORIES = ['professional', 'corporate'];

export function toStyle(item: unknown): Style {
  const s = StyleItem.parse(item);
  return {
    id: s.id,
    key: s.key,
    name: s.name,
    description: s.description,
    translations: s.translations.fr ? { fr: s.translations.fr } : {},
    category: s.category,
    imageUrl: s.image_url,
    tokenCost: s.token_cost,
    prompt: s.prompt,
    isActive: s.is_active,
    format: s.format,
    quality: s.quality,
    referenceCount: s.reference_count,
    inputFidelity: s.input_fidelity,
    recipe: s.recipe,
    acceptsChoices: s.accepts_choices ?? (s.key !== null && CHOICE_CATEGORIES.includes(s.category)),
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  };
}

export function toItem(s: Style): z.infer<typeof StyleItem> {
  return {
    id: s.id,
    key: s.key,
    name: s.name,
    description: s.description,
    translations: s.translations,
    category: s.category,
    image_url: s.imageUrl,
    token_cost: s.tokenCost,
    prompt: s.prompt,
    is_active: s.isActive,
    format: s.format,
    quality: s.quality,
    reference_count: s.referenceCount,
    input_fidelity: s.inputFidelity,
    recipe: s.recipe,
    accepts_choices: s.acceptsChoices,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}
