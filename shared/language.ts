// The product's two languages, written once and free of zod so the SPA, the functions and
// the scripts can all import it; shared/api-schemas.ts builds its zod enum from this list.
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
