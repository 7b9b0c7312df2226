// A user's backdrop and outfit applied to a style's recipe when a task is created: the prompt the
// provider gets says where they are and what they wear, and the embedded renderer's look paints the same
// backdrop and clothing. The task keeps its own copy of both, as it keeps the style's prompt and look.
import {
  BACKDROP_LOOKS,
  type BackdropId,
  OUTFIT_LOOKS,
  type OutfitId,
  type TaskChoice,
} from '#shared/style-choices.ts';
import type { RenderRecipe } from './render-recipe.ts';

/** The setting sentence the provider reads, in the catalogue prompts' words. */
export const BACKDROP_PROMPTS: Record<BackdropId, string> = {
  'studio-grey':
    'a professional studio with a seamless mid-grey paper backdrop and a soft gradient, slightly lighter just behind the head',
  office:
    'a bright modern office with glass partitions, light wood and a few plants, far behind and softly blurred, daylight from large windows',
  outdoors:
    'outdoors in a green park in soft late-afternoon light, trees and paths far behind, turned into soft round bokeh',
  city: 'a city street at dusk, tall buildings with warmly lit windows far behind and softly blurred',
  'brick-wall':
    'in front of an exposed red-brick wall with pale mortar, softly lit and slightly out of focus',
  'plain-colour': 'a plain, evenly lit backdrop in a single muted blue, with no texture and no objects',
};

/** The wardrobe sentence the provider reads. */
export const OUTFIT_PROMPTS: Record<OutfitId, string> = {
  suit: 'a tailored dark charcoal suit, a crisp white shirt and a dark red silk tie',
  blazer: 'a well-fitted navy blazer over a light blue shirt with an open collar, no tie',
  'smart-casual': 'smart casual, a camel fine-knit sweater over a light collared shirt',
  shirt: 'a pressed light blue button-down shirt with the collar open, no jacket',
  'keep-mine': 'the clothes they wear in the reference photos, kept as they are, neat and tidy',
};

/**
 * The catalogue's prompts say "Setting: …. Wardrobe: …." (catalogue/*.ts): the chosen sentence replaces the
 * style's own. A prompt without one (an admin's own wording) gets the choice added at its end.
 */
function withSentence(prompt: string, label: 'Setting' | 'Wardrobe', text: string): string {
  const sentence = `${label}: ${text}.`;
  const own = new RegExp(`${label}: [^]*?\\.(?=\\s+[A-Z][A-Za-z-]*:|\\s*$)`);
  return own.test(prompt) ? prompt.replace(own, sentence) : `${prompt} ${sentence}`;
}

export function promptWithChoice(prompt: string, choice: TaskChoice): string {
  let out = prompt;
  if (choice.backdrop) out = withSentence(out, 'Setting', BACKDROP_PROMPTS[choice.backdrop]);
  if (choice.outfit) out = withSentence(out, 'Wardrobe', OUTFIT_PROMPTS[choice.outfit]);
  return out;
}

/** The look with the chosen backdrop behind the person (a style drawn edge to edge gets a window for it). */
export function recipeWithChoice(recipe: RenderRecipe, choice: TaskChoice): RenderRecipe {
  const out: RenderRecipe = { ...recipe };
  if (choice.backdrop) {
    out.backdrop = {
      ...BACKDROP_LOOKS[choice.backdrop],
      colors: [...BACKDROP_LOOKS[choice.backdrop].colors],
    };
    if (recipe.subject.shape === 'full')
      out.subject = { ...recipe.subject, shape: 'arch', scale: 0.84, offsetY: 0.04, feather: 0.35 };
  }
  if (choice.outfit) {
    const look = OUTFIT_LOOKS[choice.outfit];
    if (look) out.outfit = { kind: look.kind, colors: [...look.colors] };
    else delete out.outfit;
  }
  return out;
}
