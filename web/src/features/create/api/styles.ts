// The active styles (GET /aivatar/styles), in the order the server gives them, and their text in the page's
// language (the server sends the French name and description beside the product's fields).
import { useQuery } from '@tanstack/react-query';
import type { Style } from '#shared/api-schemas.ts';
import type { Language } from '../../../lib/language.ts';
import { routeQuery } from '../../../lib/server-state.tsx';

type StylesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; styles: Style[] };

export function useStyles() {
  const query = useQuery(routeQuery('listStyles'));
  const state: StylesState = query.data
    ? { status: 'ready', styles: query.data.styles }
    : query.isError
      ? { status: 'error' }
      : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}

export function styleText(style: Style, lang: Language): { name: string; description: string } {
  const fr = lang === 'fr' ? style.translations?.fr : undefined;
  return { name: fr?.name || style.name, description: fr?.description || style.description };
}

/** The categories in the order their first style appears. */
export function categoriesOf(styles: Style[]): string[] {
  return [...new Set(styles.map((s) => s.category))];
}
