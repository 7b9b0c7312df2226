// A style: what the user picks on the create screen, and everything generation needs to draw it. Styles
// live in the table; the catalogue (catalogue/) seeds the first ones and the admin screen manages them.
import type { RenderRecipe } from './render-recipe.ts';

export interface StyleText {
  name: string;
  description: string;
}

export interface Style {
  /** from the table's counter: 1, 2, 3... */
  id: number;
  /** the catalogue's stable key for a seeded style ('studio-headshot'); null for one made by an admin */
  key: string | null;
  name: string;
  description: string;
  /** other languages than English, beyond the original API's fields */
  translations: { fr?: StyleText };
  category: string;
  /** the preview picture; a path on the web app's origin for seeded styles */
  imageUrl: string;
  /** tokens one avatar in this style costs; an integer, at least 1 */
  tokenCost: number;
  /** what the AI provider is asked for; never taken from a request */
  prompt: string;
  isActive: boolean;
  format: StyleFormat;
  quality: ImageQuality;
  /** how many of the user's photos go to the provider */
  referenceCount: number;
  inputFidelity: InputFidelity;
  /** how the local renderer draws it when no provider key is configured */
  recipe: RenderRecipe;
  /** the user may pick a backdrop and an outfit for it (shared/style-choices.ts) */
  acceptsChoices: boolean;
  createdAt: number;
  updatedAt: number;
}

export type NewStyle = Omit<Style, 'id' | 'createdAt' | 'updatedAt'>;

/** A style as the catalogue defines it, before it has an id. */
export interface CatalogueStyle {
  key: string;
  category: string;
  text: { en: StyleText; fr: StyleText };
  prompt: string;
  format: StyleFormat;
  quality: ImageQuality;
  referenceCount: number;
  inputFidelity: InputFidelity;
  tokenCost: number;
  recipe: RenderRecipe;
  /** headshots and business portraits: the user picks a backdrop and an outfit */
  acceptsChoices?: boolean;
}

/** Where a seeded style's preview is served from (web/public/styles, made by `npm run examples`). */
export const previewPath = (key: string): string => `/styles/${key}.webp`;

export function fromCatalogue(c: CatalogueStyle): NewStyle {
  return {
    key: c.key,
    name: c.text.en.name,
    description: c.text.en.description,
    translations: { fr: c.text.fr },
    category: c.category,
    imageUrl: previewPath(c.key),
    tokenCost: c.tokenCost,
    prompt: c.prompt,
    isActive: true,
    format: c.format,
    quality: c.quality,
    referenceCount: c.referenceCount,
    inputFidelity: c.inputFidelity,
    recipe: c.recipe,
    acceptsChoices: c.acceptsChoices ?? false,
  };
}

export type ImageQuality = 'low' | 'medium' | 'high';

/** How closely the provider keeps the reference faces ('high' costs more input tokens). */
export type InputFidelity = 'low' | 'high';

export type StyleFormat = 'square' | 'portrait';
