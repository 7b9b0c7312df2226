// Edits of a finished avatar (docs/product.md, "Editing a finished avatar"): the numbers and the words the
// server (functions/generation/domain/edits.ts) and the edit panel share. Free of zod: the SPA imports it;
// shared/api-schemas.ts builds the bodies from it.
import type { Language } from './language.ts';
import { BACKDROP_IDS, OUTFIT_IDS } from './style-choices.ts';

export const EDIT_KINDS = ['backdrop', 'outfit', 'framing', 'retouch', 'region'] as const;
export type EditKindId = (typeof EDIT_KINDS)[number];
/** Framing's shapes, width to height: the face-centred exports' squares and portraits, and a banner. */
export const EDIT_ASPECTS = ['1:1', '4:5', '3:2', '4:1'] as const;
export const RETOUCH_LEVELS = ['natural', 'light', 'polished'] as const;

/** What one edit costs, in tokens, whatever the kind (each is one provider call). */
export const EDIT_TOKEN_COST = 1;
/** Edits one avatar may have, its versions' edits included: versions 2 to 11. */
export const MAX_EDITS_PER_AVATAR = 10;
/** Region: what to change, in the user's words. */
export const EDIT_PROMPT_MAX_LENGTH = 200;
/** Region: the user's brush, a PNG of the avatar's size (white where to change), before base64. */
export const EDIT_MASK_MAX_BYTES = 1024 * 1024;
/**
 * Region: the most of the picture one brush may cover. Past it the edit is a new picture at an edit's price,
 * not a fix (docs/product.md, "Editing a finished avatar").
 */
export const EDIT_MASK_MAX_SHARE = 0.5;
/** The edit route's body: a mask of EDIT_MASK_MAX_BYTES as base64 and the rest, with room for a clear refusal. */
export const EDIT_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** A plain backdrop's colour. */
export const EDIT_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const MASK_DATA_URL_PREFIX = 'data:image/png;base64,';

type Words = Record<Language, string>;

export const EDIT_MESSAGES = {
  kind: {
    en: 'Unknown edit: use backdrop, outfit, framing, retouch or region.',
    fr: 'Modification inconnue\u00a0: choisissez backdrop, outfit, framing, retouch ou region.',
  },
  backdropMissing: {
    en: 'Choose a backdrop or a colour.',
    fr: 'Choisissez un arrière-plan ou une couleur.',
  },
  backdrop: {
    en: `Unknown backdrop: use ${BACKDROP_IDS.join(', ')}.`,
    fr: `Arrière-plan inconnu\u00a0: choisissez ${BACKDROP_IDS.join(', ')}.`,
  },
  colour: {
    en: 'Write the colour as #rrggbb, for example #2b5c8a.',
    fr: 'Écrivez la couleur sous la forme #rrggbb, par exemple #2b5c8a.',
  },
  colourWithBackdrop: {
    en: 'A colour goes with the plain colour backdrop only.',
    fr: "Une couleur ne va qu'avec l'arrière-plan uni.",
  },
  outfit: {
    en: `Choose an outfit: ${OUTFIT_IDS.join(', ')}.`,
    fr: `Choisissez une tenue\u00a0: ${OUTFIT_IDS.join(', ')}.`,
  },
  aspect: {
    en: `Choose a framing: ${EDIT_ASPECTS.join(', ')}.`,
    fr: `Choisissez un cadrage\u00a0: ${EDIT_ASPECTS.join(', ')}.`,
  },
  level: {
    en: `Choose a retouch: ${RETOUCH_LEVELS.join(', ')}.`,
    fr: `Choisissez une retouche\u00a0: ${RETOUCH_LEVELS.join(', ')}.`,
  },
  promptMissing: {
    en: 'Say what to change in the region you brushed.',
    fr: 'Dites ce qu’il faut changer dans la zone peinte.',
  },
  promptTooLong: {
    en: `Say what to change in at most ${EDIT_PROMPT_MAX_LENGTH} characters.`,
    fr: `Dites ce qu’il faut changer en ${EDIT_PROMPT_MAX_LENGTH} caractères au plus.`,
  },
  maskMissing: {
    en: 'Brush over the region to change.',
    fr: 'Peignez la zone à changer.',
  },
  maskNotPng: {
    en: 'The brushed region must come as a PNG image (a data:image/png;base64 URL).',
    fr: 'La zone peinte doit être une image PNG (une URL data:image/png;base64).',
  },
  maskTooBig: {
    en: 'The brushed region must be a PNG of at most 1 MB.',
    fr: 'La zone peinte doit être un PNG d’1 Mo au plus.',
  },
  maskEmpty: {
    en: 'Nothing is brushed: brush over the region to change.',
    fr: 'Rien n’est peint\u00a0: peignez la zone à changer.',
  },
  maskTooLarge: {
    en: `The brush covers more than ${Math.round(EDIT_MASK_MAX_SHARE * 100)}% of the picture: brush only the region to change.`,
    fr: `Le pinceau couvre plus de ${Math.round(EDIT_MASK_MAX_SHARE * 100)}\u00a0% de l’image\u00a0: ne peignez que la zone à changer.`,
  },
  tooMany: {
    en: 'Too many edits asked in a short time. Please wait a few minutes and try again.',
    fr: 'Trop de modifications demandées en peu de temps. Patientez quelques minutes, puis réessayez.',
  },
  notFinished: {
    en: 'Only a finished avatar can be edited.',
    fr: 'Seul un avatar terminé peut être modifié.',
  },
  sameAspect: {
    en: 'This avatar already has that framing: choose another one.',
    fr: 'Cet avatar a déjà ce cadrage\u00a0: choisissez-en un autre.',
  },
  limit: {
    en: `This avatar has had its ${MAX_EDITS_PER_AVATAR} edits: create a new avatar to change it further.`,
    fr: `Cet avatar a eu ses ${MAX_EDITS_PER_AVATAR} modifications\u00a0: créez un nouvel avatar pour aller plus loin.`,
  },
} as const satisfies Record<string, Words>;

/** The brush mask is not the avatar's size: the size it must have. */
export const maskSizeMessage = (lang: Language, width: number, height: number): string =>
  lang === 'fr'
    ? `La zone peinte doit avoir la taille de l’avatar\u00a0: ${width} x ${height} pixels.`
    : `The brushed region must have the avatar's size: ${width} x ${height} pixels.`;

/** A field sent with an edit of a kind that has no use for it. */
export const fieldNotForKindMessage = (lang: Language, field: string, kind: EditKindId): string =>
  lang === 'fr'
    ? `Le champ ${field} ne s’applique pas à une modification ${kind}.`
    : `The field ${field} does not apply to a ${kind} edit.`;
