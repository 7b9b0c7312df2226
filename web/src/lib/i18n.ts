// i18next with the two bundled languages (spec section 2). Only the current language's strings are
// downloaded; the other one is fetched if a navigation crosses languages (e.g. /fr/login to /app).
// Strings only some screens use (sign-in, account) live beside those screens and are merged in when their
// code loads (addFeatureStrings), so the public pages never download them.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageOfPath } from '../../../shared/web-routes.ts';
import type En from '../locales/en.json';
import type Fr from '../locales/fr.json';
import type { Language } from './language.ts';

// Both locales must have exactly the same keys: a missing French string fails the type check.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

type Strings = { default: object };
export type StringLoaders = Record<Language, () => Promise<Strings>>;

const appStrings: StringLoaders = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
};
const featureStrings = new Set<StringLoaders>();
const merged = new Map<StringLoaders, Set<Language>>();

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

async function merge(loaders: StringLoaders, lang: Language): Promise<void> {
  const done = merged.get(loaders) ?? new Set<Language>();
  merged.set(loaders, done);
  if (done.has(lang)) return;
  const { default: strings } = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', strings, true, true);
  done.add(lang);
}

/** Called at the top of a feature's strings module (top-level await): its screens render once merged. */
export async function addFeatureStrings(loaders: StringLoaders): Promise<void> {
  featureStrings.add(loaders);
  if (import.meta.env.SSR) {
    // Prerendering: i18next is already started with both languages.
    await Promise.all([merge(loaders, 'en'), merge(loaders, 'fr')]);
    return;
  }
  await ready;
  await merge(loaders, i18next.language === 'fr' ? 'fr' : languageOfPath(window.location.pathname));
}

export async function startI18n(lang: Language): Promise<void> {
  const { default: strings } = await appStrings[lang]();
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: ['en', 'fr'],
    resources: { [lang]: { translation: strings } },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  merged.set(appStrings, new Set([lang]));
  document.documentElement.lang = lang;
  markReady();
}

export async function switchLanguage(lang: Language): Promise<void> {
  if (i18next.language === lang) return;
  await Promise.all([appStrings, ...featureStrings].map((loaders) => merge(loaders, lang)));
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
