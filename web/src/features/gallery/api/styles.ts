// The styles, for the names and pictures of the tasks (GET /aivatar/styles): a task without its style's
// name still shows 'Style {id}', so a failure here is only logged.
import { useEffect, useState } from 'react';
import type { Style } from '../../../../../shared/api-schemas.ts';
import { api } from '../../../lib/api-client.ts';

export function useStyleMap(): Map<number, Style> {
  const [styles, setStyles] = useState<Map<number, Style>>(() => new Map());
  useEffect(() => {
    const controller = new AbortController();
    api('listStyles', { signal: controller.signal }).then(
      (list) => setStyles(new Map(list.styles.map((s) => [s.id, s]))),
      (e: unknown) => {
        if (!controller.signal.aborted) console.error('Styles', e);
      },
    );
    return () => controller.abort();
  }, []);
  return styles;
}
