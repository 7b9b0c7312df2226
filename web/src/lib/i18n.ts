// i18next with the two bundled languages (spec section 2). Only the current language's strings are
// downloaded; the other one is fetched if a navigation crosses languages (e.g. /fr/login to /app).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type En from '../locales/en.json';
import type Fr from '../locales/fr.json';
import type { Language } from './language.ts';

// Both locales must have exactly the same keys: a missing French string fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

const loaders: Record<Language, () => Promise<{ default: typeof En }>> = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
};

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const { default: strings } = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', strings);
}

export async function startI18n(lang: Language): Promise<void> {
  const { default: strings } = await loaders[lang]();
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: ['en', 'fr'],
    resources: { [lang]: { translation: strings } },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  document.documentElement.lang = lang;
}

export async function switchLanguage(lang: Language): Promise<void> {
  if (i18next.language === lang) return;
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
