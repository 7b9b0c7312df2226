// The language comes from the first path segment only (spec section 2): /fr is French, anything else English.
import { useLocation } from 'react-router';
import type { Language } from '../../../shared/language.ts';
import {
  FR_PREFIX,
  languageOfPage,
  languageOfPath,
  type PageId,
  pagePath,
} from '../../../shared/web-routes.ts';

export type { Language };

/** The page's language: its path's, or for a page without a French version its link's `lang`. */
export function useLanguage(): Language {
  const { pathname, search } = useLocation();
  return languageOfPage(pathname, search);
}

/**
 * The language of the pages that come next: the page's own. (A page without a French version, the emailed
 * link's, shows in its link's `lang` and sends a French user on in French.)
 */
export const useNextLanguage = useLanguage;

/** A page's path in the language of the current page (pages without a French version stay English). */
export function useLocalizedPath(): (id: PageId) => string {
  const lang = useLanguage();
  return (id) => pagePath(id, lang);
}

/** The path without its language prefix: /fr/login and /login are both the page /login. */
export function barePath(pathname: string): string {
  return languageOfPath(pathname) === 'fr' ? pathname.slice(FR_PREFIX.length) || '/' : pathname;
}
