// A screen's own strings, kept beside it instead of in the app-wide locale files: only the screens that
// need them download them, and long marketing copy rendered inside <StaticContent> never ships at all.
// lib/i18n.ts still decides the language.
import { useTranslation } from './i18n.ts';
import type { Language } from './language.ts';

export type Localized<T> = Record<Language, T>;

/** The strings for the current language; re-renders when the language changes. */
export function useStrings<T>(strings: Localized<T>): T {
  return strings[useTranslation().language];
}
