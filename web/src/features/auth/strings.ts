// The sign-in screens' strings, merged into i18next when these screens load (see lib/i18n.ts).
import { addFeatureStrings, type Same } from '../../lib/i18n.ts';
import type En from './locales/en.json';
import type Fr from './locales/fr.json';

export const AUTH_LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

await addFeatureStrings({ en: () => import('./locales/en.json'), fr: () => import('./locales/fr.json') });
