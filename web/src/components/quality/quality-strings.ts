// The quality score's words (the set's meter, a photo's score and instructions), shared by Manage Photos and
// the Create screen: each merges these with its own strings (its strings.ts), so its screen renders once both
// are there.
import type { Same, StringLoaders } from '../../lib/i18n.ts';
import type En from './locales/en.json';
import type Fr from './locales/fr.json';

export const QUALITY_LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

export const QUALITY_STRINGS: StringLoaders = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
};
