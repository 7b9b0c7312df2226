// The admin styles screen's strings, merged into the app's translations when it loads (see lib/i18n.ts).
// The screen is in French whatever the path's language: its French strings are merged whatever the page's
// language, and its components read them through useTranslation('fr'). Its messages (admin.messages) are the
// product's own words, copied exactly, some of them in English; the form rules' messages are shared with the
// server (shared/admin-style-rules.ts).
import { addFeatureStrings, type Same } from '../../lib/i18n.ts';
import type En from './locales/en.json';
import Fr from './locales/fr.json';

export const ADMIN_LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

// Only the French strings are ever shown, so they ride in the screen's own chunk: a chunk of each language
// would add two names to the shell's list of chunks (web/vite.config.ts) for a file never loaded.
const french = async () => ({ default: Fr });
await addFeatureStrings({ en: french, fr: french }, 'fr');
