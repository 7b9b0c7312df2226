// The active styles (GET /aivatar/styles), in the order the server gives them, and their text in the page's
// language (the server sends the French name and description beside the spec's fields).
import { useCallback, useEffect, useState } from 'react';
import type { Style } from '../../../../../shared/api-schemas.ts';
import { api } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/language.ts';

export type StylesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; styles: Style[] };

export function useStyles() {
  const [state, setState] = useState<StylesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api('listStyles', { signal: controller.signal }).then(
      ({ styles }) => setState({ status: 'ready', styles }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Styles', e);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

export function styleText(style: Style, lang: Language): { name: string; description: string } {
  const fr = lang === 'fr' ? style.translations?.fr : undefined;
  return { name: fr?.name || style.name, description: fr?.description || style.description };
}

/** The categories in the order their first style appears. */
export function categoriesOf(styles: Style[]): string[] {
  return [...new Set(styles.map((s) => s.category))];
}
