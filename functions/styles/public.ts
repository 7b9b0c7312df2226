// What styles offers the other areas: they import it from here and from nowhere else in functions/styles/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
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
export { Recipe } from './dynamodb/style-items.ts';
export { DynamoStyleReader } from './dynamodb/style-reader.ts';
