// The app's strings in the two bundled languages (spec section 2). Only the current language's strings are
// downloaded; the other one is fetched if a navigation crosses languages (e.g. /fr/login to /app). Strings
// only some screens use (sign-in, account) live beside those screens and are merged in when their code
// loads (addFeatureStrings), so the public pages never download them.
//
// What the app needs from a translation library is small: nested JSON per language, `{{name}}` values,
// plurals by Intl.PluralRules (`key_one`, `key_other`) and a re-render on a language change. Written here in
// about a hundred lines, it keeps i18next and react-i18next (17 KB gzipped) out of every page's JavaScript.
import { useSyncExternalStore } from 'react';
import type { Language } from '../../../shared/language.ts';
import { languageOfPath } from '../../../shared/web-routes.ts';
import type AccountEn from '../features/account/locales/en.json';
import type AuthEn from '../features/auth/locales/en.json';
import type PhotosEn from '../features/photos/locales/en.json';
import type En from '../locales/en.json';
import type Fr from '../locales/fr.json';

// Both locales must have exactly the same keys: a missing French string fails the type check.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LOCALES_MATCH: Same<typeof En, typeof Fr> = true;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type KeyOf<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${KeyOf<K>}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every string's key, checked against the English strings: the app's and those of the screens with their own. */
export type TranslationKey = Keys<typeof En & typeof AuthEn & typeof AccountEn & typeof PhotosEn>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

type Strings = { [key: string]: string | Strings };
type StringModule = { default: object };
export type StringLoaders = Record<Language, () => Promise<StringModule>>;

const resources: Record<Language, Strings> = { en: {}, fr: {} };
let language: Language = 'en';
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

function mergeInto(target: Strings, source: Strings): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** Adds strings to a language (deep merge: a screen's `login.*` joins the app's). */
export function addStrings(lang: Language, strings: object): void {
  mergeInto(resources[lang], strings as Strings);
  changed();
}

function lookup(lang: Language, key: string): string | undefined {
  let node: string | Strings | undefined = resources[lang];
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(lang: Language, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/** The string for `key` in the current language, its `{{name}}` filled from `values`; the key if missing. */
export const t: TFunction = (key, values) => {
  const count = values?.count;
  const text =
    (typeof count === 'number'
      ? (lookup(language, `${key}_${pluralOf(language, count)}`) ?? lookup(language, `${key}_other`))
      : undefined) ?? lookup(language, key);
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
};

/** Whether the current language has a string for `key` (server error codes, say). */
export const hasString = (key: string): boolean => lookup(language, key) !== undefined;

export const currentLanguage = (): Language => language;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => version;

/** The translate function, and a re-render whenever the language or the loaded strings change. */
export function useTranslation(): { t: TFunction; language: Language } {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return { t, language };
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
  addStrings(lang, strings);
  done.add(lang);
}

/** Called at the top of a feature's strings module (top-level await): its screens render once merged. */
export async function addFeatureStrings(loaders: StringLoaders): Promise<void> {
  featureStrings.add(loaders);
  if (import.meta.env.SSR) {
    // Prerendering: both languages are there from the start.
    await Promise.all([merge(loaders, 'en'), merge(loaders, 'fr')]);
    return;
  }
  await ready;
  await merge(loaders, language === 'fr' ? 'fr' : languageOfPath(window.location.pathname));
}

/** Start-up in the browser: the current language's app strings. */
export async function startI18n(lang: Language): Promise<void> {
  await merge(appStrings, lang);
  language = lang;
  document.documentElement.lang = lang;
  changed();
  markReady();
}

/** Prerendering: every string of both languages, then the page's language. */
export async function startI18nForPrerendering(lang: Language): Promise<void> {
  await Promise.all([merge(appStrings, 'en'), merge(appStrings, 'fr')]);
  markReady();
  setLanguage(lang);
}

function setLanguage(lang: Language): void {
  if (language === lang) return;
  language = lang;
  changed();
}

export async function switchLanguage(lang: Language): Promise<void> {
  if (language === lang) return;
  await Promise.all([appStrings, ...featureStrings].map((loaders) => merge(loaders, lang)));
  setLanguage(lang);
  document.documentElement.lang = lang;
}
