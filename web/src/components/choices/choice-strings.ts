// The names of the backdrops and outfits, shared by the Create screen and the gallery: each of
// them merges these with its own strings (its strings.ts), so its screen renders once both are there.
import type { Same, StringLoaders } from '../../lib/i18n.ts';
import type En from './locales/en.json';
import type Fr from './locales/fr.json';

export const CHOICES_LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

export const CHOICE_STRINGS: StringLoaders = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
};
