// Style items as stored, checked on every read: a malformed style (or a recipe the renderer cannot draw)
// fails loudly instead of reaching a screen or a provider call.
import * as z from 'zod/mini';
import { Recipe } from '../domain/recipe-schema.ts';
import type { Style } from '../domain/style.ts';

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
