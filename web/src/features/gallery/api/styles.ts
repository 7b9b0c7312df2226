// The styles, for the names and pictures of the tasks (GET /aivatar/styles): a task without its style's
// name still shows 'Style {id}', so a failure here is only logged (by the query client).
import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api-routes.ts';
import type { Style } from '#shared/api-schemas.ts';
import { routeQuery } from '../../../lib/server-state.tsx';

const NONE = new Map<number, Style>();
const byId = (list: ResponseOf<'listStyles'>) => new Map(list.styles.map((s) => [s.id, s]));

export function useStyleMap(): Map<number, Style> {
  return useQuery({ ...routeQuery('listStyles'), select: byId }).data ?? NONE;
}
