// The Create Your Avatar screen's strings, merged into the app's translations when it loads (see lib/i18n.ts).
import { CHOICE_STRINGS } from '../../components/choices/choice-strings.ts';
import { QUALITY_STRINGS } from '../../components/quality/quality-strings.ts';
import { addFeatureStrings, type Same } from '../../lib/i18n.ts';
import type En from './locales/en.json';
import type Fr from './locales/fr.json';

export const CREATE_LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

// With the backdrop and outfit names and the quality score's words, which this screen shows too.
await Promise.all([
  addFeatureStrings({ en: () => import('./locales/en.json'), fr: () => import('./locales/fr.json') }),
  addFeatureStrings(CHOICE_STRINGS),
  addFeatureStrings(QUALITY_STRINGS),
]);
