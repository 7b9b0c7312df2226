// The language comes from the first path segment only: /fr is French, anything else English.
import { useLocation } from 'react-router';
import { isLanguage, type Language } from '#shared/language.ts';
import { FR_PREFIX, languageOfPath, type PageId, pagePath, webPages } from '#shared/web-routes.ts';

export type { Language };

export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/**
 * The language of the pages that come next. A page that exists only in English (the emailed link's page,
 * for one) shows in English but sends a French user on in French: its link carries `lang`.
 */
export function useNextLanguage(): Language {
  const { pathname, search } = useLocation();
  const lang = languageOfPath(pathname);
  const page = webPages.find((p) => p.path === pathname);
  if (lang !== 'en' || !page || page.localized) return lang;
  const asked = new URLSearchParams(search).get('lang');
  return isLanguage(asked) ? asked : lang;
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
