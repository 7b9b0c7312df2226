// What an edit asks of the provider (docs/generation.md, "Edits"): the style's prompt kept, so the picture
// stays in its style, and the edit's own words after it; and the local renderer's look with the edit's
// backdrop or outfit applied (the same choices as the Create screen: shared/style-choices.ts).
import { BACKDROP_IDS, type BackdropId, OUTFIT_IDS, type OutfitId } from '#shared/style-choices.ts';
import {
  BACKDROP_PROMPTS,
  OUTFIT_PROMPTS,
  type RenderRecipe,
  recipeWithChoice,
} from '../../styles/public.ts';
import type { EditSpec, RetouchLevel } from './image-provider.ts';

const isBackdrop = (id: string | undefined): id is BackdropId =>
  (BACKDROP_IDS as readonly string[]).includes(id ?? '');
const isOutfit = (id: string | undefined): id is OutfitId =>
  (OUTFIT_IDS as readonly string[]).includes(id ?? '');

const RETOUCH_WORDS: Record<RetouchLevel, string> = {
  natural:
    'a natural retouch: even out the skin tone slightly and take the shine off, keeping every pore and line',
  light: 'a light retouch: even skin tone, no shine, small blemishes softened, the skin texture kept',
  polished:
    'a polished studio retouch: smooth, even, matte skin with blemishes removed, still looking like real skin',
};

/** The edit's own words: what the masked area becomes. */
function editWords(spec: EditSpec): string {
  const keep =
    'Keep the face, the expression, the hair and everything outside the masked area exactly as they are.';
  switch (spec.kind) {
    case 'backdrop': {
      const setting = spec.colour
        ? `a plain, evenly lit backdrop of the single colour ${spec.colour}, with no texture and no objects`
        : isBackdrop(spec.backdrop)
          ? BACKDROP_PROMPTS[spec.backdrop]
          : BACKDROP_PROMPTS['studio-grey'];
      return `Edit: replace only the background behind the person with ${setting}, lit to match the person. ${keep}`;
    }
    case 'outfit': {
      const wardrobe = isOutfit(spec.outfit) ? OUTFIT_PROMPTS[spec.outfit] : OUTFIT_PROMPTS['keep-mine'];
      return `Edit: dress the person in ${wardrobe}, fitted to their shoulders and posture. ${keep}`;
    }
    case 'framing':
      return `Edit: extend the picture into the empty area around it, continuing the same backdrop, light and clothing seamlessly; nothing stretched or mirrored. ${keep}`;
    case 'retouch':
      return `Edit: ${RETOUCH_WORDS[spec.level ?? 'natural']} on the face's skin only; the eyes, teeth, eyebrows and the face's shape untouched. ${keep}`;
    case 'region':
      return `Edit, in the masked area only: ${(spec.prompt ?? '').trim()}. ${keep}`;
  }
}

/** The prompt sent with an edit: the style's prompt kept, the edit's words after it. */
export function editPrompt(stylePrompt: string, spec: EditSpec): string {
  return `${stylePrompt.trim()}\n\n${editWords(spec)}`;
}

/** The renderer's look for an edit: a backdrop edit draws the new backdrop, an outfit edit the new outfit. */
export function editRecipe(recipe: RenderRecipe, spec: EditSpec): RenderRecipe {
  if (spec.kind === 'backdrop' && spec.colour)
    return { ...recipe, backdrop: { kind: 'solid', colors: [spec.colour] } };
  if (spec.kind === 'backdrop' && isBackdrop(spec.backdrop))
    return recipeWithChoice(recipe, { backdrop: spec.backdrop });
  if (spec.kind === 'outfit' && isOutfit(spec.outfit))
    return recipeWithChoice(recipe, { outfit: spec.outfit });
  return recipe;
}
