// What the create screen reads: the active styles, in the order they were added.
import type { Style as ApiStyle } from '#shared/api-schemas.ts';
import type { Style } from './style.ts';
import type { StyleReader } from './style-store.ts';

export interface StyleDeps {
  styles: StyleReader;
}

export function describeStyle(s: Style): ApiStyle {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    category: s.category,
    image_url: s.imageUrl,
    token_cost: s.tokenCost,
    prompt: s.prompt,
    accepts_choices: s.acceptsChoices,
    ...(s.translations.fr ? { translations: { fr: s.translations.fr } } : {}),
  };
}

export async function listActiveStyles(deps: StyleDeps): Promise<{ success: true; styles: ApiStyle[] }> {
  const all = await deps.styles.listAll();
  return {
    success: true,
    styles: all
      .filter((s) => s.isActive)
      .sort((a, b) => a.id - b.id)
      .map(describeStyle),
  };
}
