// The account's photos (GET /photos): newest first, with the consents and the retention setting. One read
// for Manage Photos and Create (its count of reference photos): a change made here shows on both.
import { useQuery } from '@tanstack/react-query';
import type { PhotoList } from '#shared/api-schemas.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { invalidateRoutes, queryClient, routeQuery } from '../../../lib/server-state.tsx';

export type PhotoListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; list: PhotoList; refreshing: boolean };

/** Applies a change the server already made (a delete, a new setting) without reading the list again. */
export const updatePhotoList = (change: (list: PhotoList) => PhotoList): void => {
  queryClient.setQueryData<PhotoList>(routeKey('listPhotos'), (list) => (list ? change(list) : list));
};

/** New photos arrived (or may have: a failed upload can have stored some): read the list again. */
export const photosChanged = (): Promise<void> => invalidateRoutes('listPhotos');

export function usePhotoList() {
  const query = useQuery(routeQuery('listPhotos'));
  const state: PhotoListState = query.isError
    ? { status: 'error' }
    : query.data
      ? { status: 'ready', list: query.data, refreshing: query.isFetching }
      : { status: 'loading' };
  return { state, reload: () => void query.refetch() };
}
