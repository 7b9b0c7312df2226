// The phone capture page's strings, merged into the app's translations when it loads (see lib/i18n.ts).
import { addFeatureStrings, type Same } from '../../lib/i18n.ts';
import type En from './locales/en.json';
import type Fr from './locales/fr.json';

export const CAPTURE_LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

await addFeatureStrings({ en: () => import('./locales/en.json'), fr: () => import('./locales/fr.json') });
