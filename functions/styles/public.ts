// What styles offers the other areas: they import it from here and from nowhere else in functions/styles/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export { Recipe } from './domain/recipe-schema.ts';
export type { RenderRecipe } from './domain/render-recipe.ts';
export type { ImageQuality, InputFidelity, Style, StyleFormat } from './domain/style.ts';
export {
  BACKDROP_PROMPTS,
  OUTFIT_PROMPTS,
  promptWithChoice,
  recipeWithChoice,
} from './domain/style-choices.ts';
export type { StyleReader } from './domain/style-store.ts';
export { listActiveStyles, type StyleDeps } from './domain/styles.ts';
