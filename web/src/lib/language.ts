// The language comes from the first path segment only (spec section 2): /fr is French, anything else English.
import { useLocation } from 'react-router';
import type { Language } from '../../../shared/language.ts';
import { FR_PREFIX, languageOfPath, type PageId, pagePath } from '../../../shared/web-routes.ts';

export type { Language };

export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** A page's path in the language of the current page (pages without a French version stay English). */
export function useLocalizedPath(): (id: PageId) => string {
  const lang = useLanguage();
  return (id) => pagePath(id, lang);
}

/** The path without its language prefix: /fr/login and /login are both the page /login. */
export function barePath(pathname: string): string {
  return languageOfPath(pathname) === 'fr' ? pathname.slice(FR_PREFIX.length) || '/' : pathname;
}
