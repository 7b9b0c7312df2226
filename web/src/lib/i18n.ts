// The app's strings in the two bundled languages, through i18next and react-i18next. Only
// the current language's strings are downloaded; the other one is fetched if a navigation crosses languages
// (e.g. /fr/login to /app). Strings only some screens use (sign-in, account) live beside those screens and are
// merged in when their code loads (addFeatureStrings), so the public pages never download them.
//
// Screens import `useTranslation` from here rather than from react-i18next: the same hook, with `t` typed
// by the English strings, so a misspelt key fails the type check.
import i18next from 'i18next';
import { initReactI18next, useTranslation as useI18next } from 'react-i18next';
import type { Language } from '#shared/language.ts';
import { languageOfPath } from '#shared/web-routes.ts';
import type ChoicesEn from '../components/choices/locales/en.json';
import type QualityEn from '../components/quality/locales/en.json';
import type AccountEn from '../features/account/locales/en.json';
import type AdminEn from '../features/admin/locales/en.json';
import type AuthEn from '../features/auth/locales/en.json';
import type CaptureEn from '../features/capture/locales/en.json';
import type CreateEn from '../features/create/locales/en.json';
import type GalleryEn from '../features/gallery/locales/en.json';
import type PhotosEn from '../features/photos/locales/en.json';
import type TeamEn from '../features/team/locales/en.json';
import type En from '../locales/en.json';
import type Fr from '../locales/fr.json';
import { APP_STRINGS_ELEMENT_ID } from './app-strings-element.ts';

// Both locales must have exactly the same keys: a missing French string fails the type check.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type KeyOf<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${KeyOf<K>}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every string's key, checked against the English strings: the app's and those of the screens with their own. */
export type TranslationKey = Keys<
  typeof En &
    typeof AuthEn &
    typeof AccountEn &
    typeof PhotosEn &
    typeof CreateEn &
    typeof GalleryEn &
    typeof TeamEn &
    typeof CaptureEn &
    typeof ChoicesEn &
    typeof QualityEn &
    typeof AdminEn
>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

type StringModule = { default: object };
export type StringLoaders = Record<Language, () => Promise<StringModule>>;

const asLanguage = (lng: string | undefined): Language => (lng === 'fr' ? 'fr' : 'en');

/** The string for `key` in the current language, its `{{name}}` filled from `values`. */
export const t: TFunction = (key, values) => i18next.t(key, values);

/** Whether the current language has a string for `key` (server error codes, say). */
export const hasString = (key: string): boolean => i18next.exists(key);

export const currentLanguage = (): Language => asLanguage(i18next.language);

/**
 * react-i18next's hook: the translate function, re-rendering when the language or the strings change. With
 * `fixed`, the strings of that language whatever the page's (the admin screen is in French).
 */
export function useTranslation(fixed?: Language): { t: TFunction; language: Language } {
  const { t: translate, i18n } = useI18next(undefined, fixed ? { lng: fixed } : undefined);
  return { t: translate as unknown as TFunction, language: fixed ?? asLanguage(i18n.language) };
}

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
  // Deep merge: a screen's `login.*` joins the app's.
  i18next.addResourceBundle(lang, 'translation', strings, true, true);
  done.add(lang);
}

/**
 * Called at the top of a feature's strings module (top-level await): its screens render once merged. With
 * `fixed`, a screen drawn in that language whatever the page's (useTranslation(fixed)): only those strings.
 */
export async function addFeatureStrings(loaders: StringLoaders, fixed?: Language): Promise<void> {
  if (!fixed) featureStrings.add(loaders);
  if (import.meta.env.SSR) {
    // Prerendering: both languages are there from the start.
    await Promise.all([merge(loaders, 'en'), merge(loaders, 'fr')]);
    return;
  }
  await ready;
  await merge(
    loaders,
    fixed ?? (i18next.language === 'fr' ? 'fr' : languageOfPath(window.location.pathname)),
  );
}

let started: Promise<unknown> | null = null;
const start = (lang: Language): Promise<unknown> =>
  (started ??= i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: ['en', 'fr'],
    resources: {},
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  }));

/** The app strings a prerendered page carries (web/scripts/prerender.ts), if it is one, in this language. */
function carriedStrings(lang: Language): object | null {
  const element = document.getElementById(APP_STRINGS_ELEMENT_ID);
  if (element?.dataset.lang !== lang || !element.textContent) return null;
  try {
    return JSON.parse(element.textContent) as object;
  } catch {
    return null;
  }
}

/** Start-up in the browser: the current language's app strings, from the page itself when it has them. */
export async function startI18n(lang: Language): Promise<void> {
  await start(lang);
  const carried = carriedStrings(lang);
  await merge(carried ? { ...appStrings, [lang]: async () => ({ default: carried }) } : appStrings, lang);
  if (carried) merged.set(appStrings, new Set([lang]));
  document.documentElement.lang = lang;
  markReady();
}

/** Prerendering: every string of both languages, then the page's language. */
export async function startI18nForPrerendering(lang: Language): Promise<void> {
  await start(lang);
  await Promise.all([merge(appStrings, 'en'), merge(appStrings, 'fr')]);
  markReady();
  await i18next.changeLanguage(lang);
}

export async function switchLanguage(lang: Language): Promise<void> {
  if (i18next.language === lang) return;
  await Promise.all([appStrings, ...featureStrings].map((loaders) => merge(loaders, lang)));
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
