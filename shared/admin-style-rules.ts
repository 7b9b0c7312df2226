// The admin style form's rules, read by the admin-styles function
// (request schemas, import) and by the admin screen, so the form and the server say the same thing.

export const STYLE_FORMATS = ['square', 'portrait'] as const;

export const STYLE_FIELD_LIMITS = {
  name: 100,
  category: 60,
  description: 1000,
  prompt: 4000,
  imageUrl: 2048,
  /** tokens; a style costing more than this is a typo */
  tokenCost: 1000,
} as const;

/** The admin form's messages and, beyond them, the server's for what the form cannot send. */
export const STYLE_MESSAGES = {
  nameRequired: 'Le nom est requis.',
  categoryRequired: 'La catégorie est requise.',
  promptRequired: 'Le prompt est requis.',
  tokenCostMin: 'Le coût doit être au moins de 1.',
  tokenCostInteger: 'Le coût doit être un nombre entier.',
  tokenCostMax: `Le coût ne peut pas dépasser ${STYLE_FIELD_LIMITS.tokenCost}.`,
  nameTooLong: `Le nom ne peut pas dépasser ${STYLE_FIELD_LIMITS.name} caractères.`,
  categoryTooLong: `La catégorie ne peut pas dépasser ${STYLE_FIELD_LIMITS.category} caractères.`,
  descriptionTooLong: `La description ne peut pas dépasser ${STYLE_FIELD_LIMITS.description} caractères.`,
  promptTooLong: `Le prompt ne peut pas dépasser ${STYLE_FIELD_LIMITS.prompt} caractères.`,
  imageUrlInvalid:
    "L'URL de l'image doit commencer par https:// (ou être un chemin du site commençant par /).",
  formatInvalid: 'Le format doit être square ou portrait.',
  isActiveInvalid: 'Le champ is_active doit valoir true ou false.',
  acceptsChoicesInvalid: 'Le champ accepts_choices doit valoir true ou false.',
  textInvalid: 'Ce champ doit être un texte.',
} as const;

/** Limits of one import (POST /api/admin/styles/import). */
export const STYLE_IMPORT_LIMITS = {
  /** bytes of the uploaded file */
  maxBytes: 512 * 1024,
  /**
   * entries of the list: an import is written in one DynamoDB transaction (100 items at most, one of them
   * the audit entry), so it is written whole or not at all
   */
  maxEntries: 99,
} as const;

/** Style pictures the admin uploads (POST /api/admin/styles/images), checked and re-encoded like photos. */
export const STYLE_IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minShortSide: 256,
  /** px, the long side of the stored picture */
  storedLongSide: 1024,
  uploadTargetSeconds: 5 * 60,
} as const;

/** Where an uploaded style picture is served from, relative to the API's URL. */
export const STYLE_IMAGE_PATH_PREFIX = '/style-images/';

/**
 * A picture address the create screen can show: empty, an https URL, a path on the web app's origin (the
 * seeded previews, /styles/...), or, for local runs whose API is plain http, an http URL on this machine.
 */
export function isAcceptableImageUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The product's form checks (values trimmed): the first message of each field, keyed by field. */
export interface StyleFormValues {
  name: string;
  category: string;
  description: string;
  image_url: string;
  prompt: string;
  token_cost: string | number;
}
export type StyleFormErrors = Partial<Record<keyof StyleFormValues, string>>;

export function checkStyleForm(v: StyleFormValues): StyleFormErrors {
  const errors: StyleFormErrors = {};
  const name = v.name.trim();
  const category = v.category.trim();
  const prompt = v.prompt.trim();
  if (!name) errors.name = STYLE_MESSAGES.nameRequired;
  else if (name.length > STYLE_FIELD_LIMITS.name) errors.name = STYLE_MESSAGES.nameTooLong;
  if (!category) errors.category = STYLE_MESSAGES.categoryRequired;
  else if (category.length > STYLE_FIELD_LIMITS.category) errors.category = STYLE_MESSAGES.categoryTooLong;
  if (!prompt) errors.prompt = STYLE_MESSAGES.promptRequired;
  else if (prompt.length > STYLE_FIELD_LIMITS.prompt) errors.prompt = STYLE_MESSAGES.promptTooLong;
  if (v.description.trim().length > STYLE_FIELD_LIMITS.description)
    errors.description = STYLE_MESSAGES.descriptionTooLong;
  if (!isAcceptableImageUrl(v.image_url.trim())) errors.image_url = STYLE_MESSAGES.imageUrlInvalid;
  const cost = typeof v.token_cost === 'number' ? v.token_cost : Number(String(v.token_cost).trim() || '0');
  if (!Number.isFinite(cost) || cost < 1) errors.token_cost = STYLE_MESSAGES.tokenCostMin;
  else if (!Number.isInteger(cost)) errors.token_cost = STYLE_MESSAGES.tokenCostInteger;
  else if (cost > STYLE_FIELD_LIMITS.tokenCost) errors.token_cost = STYLE_MESSAGES.tokenCostMax;
  return errors;
}
