// Backdrop and outfit choices: what a user may pick on the Create screen for a style that accepts
// them (Style.accepts_choices). Declared once: the request schema checks the ids, the screen draws each
// swatch from these colours, and the embedded renderer paints the same colours, so what the swatch shows is
// what a preview render shows. The words sent to the AI provider live with the domain
// (functions/styles/domain/style-choices.ts); the names are the screens' translations.

/**
 * Avatars one create may make (one DynamoDB transaction holds them with the debit): every chosen
 * combination counts. The server's limit (api-schemas.ts MAX_STYLES_PER_BATCH) and the screen's warning.
 */
export const MAX_AVATARS_PER_BATCH = 20;

export const BACKDROP_IDS = [
  'studio-grey',
  'office',
  'outdoors',
  'city',
  'brick-wall',
  'plain-colour',
] as const;
export type BackdropId = (typeof BACKDROP_IDS)[number];

export const OUTFIT_IDS = ['suit', 'blazer', 'smart-casual', 'shirt', 'keep-mine'] as const;
export type OutfitId = (typeof OUTFIT_IDS)[number];

/** What a style's chosen combinations are made of: none, some or all of each list. */
export interface StyleChoices {
  backdrops: BackdropId[];
  outfits: OutfitId[];
}

/** One task's choice: a backdrop, an outfit, either or neither. */
export interface TaskChoice {
  backdrop?: BackdropId;
  outfit?: OutfitId;
}

/** '#rrggbb' */
type Hex = string;

/** How a backdrop is drawn: the renderer's backdrop kinds (render-recipe.ts), darkest or dominant colour first. */
interface BackdropLook {
  kind: 'studio' | 'bokeh' | 'skyline' | 'brick' | 'solid';
  colors: Hex[];
}

export const BACKDROP_LOOKS: Record<BackdropId, BackdropLook> = {
  'studio-grey': { kind: 'studio', colors: ['#4b5260', '#cfd4db', '#959dab'] },
  office: { kind: 'bokeh', colors: ['#7d8f9c', '#e8eef1', '#ffffff', '#b9d3c4'] },
  outdoors: { kind: 'bokeh', colors: ['#2f5233', '#9fbf6a', '#fde68a', '#d9f99d'] },
  city: { kind: 'skyline', colors: ['#1e293b', '#f59e0b', '#fcd34d', '#475569'] },
  'brick-wall': { kind: 'brick', colors: ['#9a3f2b', '#d6c7b4', '#7c2d1e'] },
  'plain-colour': { kind: 'solid', colors: ['#2b5c8a'] },
};

/**
 * How an outfit is drawn over the person's shoulders: the garment's cut, then its colours (jacket or knit,
 * shirt, tie). 'keep-mine' draws nothing: the person keeps what they wear in the photo.
 */
export interface OutfitLook {
  kind: 'suit' | 'blazer' | 'knit' | 'shirt';
  colors: Hex[];
}

export const OUTFIT_LOOKS: Record<OutfitId, OutfitLook | null> = {
  suit: { kind: 'suit', colors: ['#262a31', '#f8fafc', '#7f1d1d'] },
  blazer: { kind: 'blazer', colors: ['#1f3b64', '#dbeafe'] },
  'smart-casual': { kind: 'knit', colors: ['#a0703f', '#f1f5f9'] },
  shirt: { kind: 'shirt', colors: ['#cfe0f3', '#9fb7d3'] },
  'keep-mine': null,
};

/** The tasks a style's choices make: every backdrop with every outfit; a list left empty leaves that part to the style. */
export function combinationsOf(c: StyleChoices | undefined): TaskChoice[] {
  const backdrops: (BackdropId | undefined)[] = c?.backdrops.length ? c.backdrops : [undefined];
  const outfits: (OutfitId | undefined)[] = c?.outfits.length ? c.outfits : [undefined];
  return backdrops.flatMap((backdrop) =>
    outfits.map((outfit) => ({
      ...(backdrop ? { backdrop } : {}),
      ...(outfit ? { outfit } : {}),
    })),
  );
}
