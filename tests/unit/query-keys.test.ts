// The SPA's query keys come from the route table (web/src/lib/query-keys.ts): one key per read, the same
// however its parameters were spelled, and a route's bare key covers all its reads, which is what lets a
// change invalidate exactly the routes it touches. Matched with TanStack Query's own key functions.
import { hashKey, partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiRoutes, type RouteId } from '#shared/api-routes.ts';
import { type ReadRouteId, routeKey } from '../../web/src/lib/query-keys.ts';

describe('routeKey', () => {
  it('names a read by its route id alone when it has no parameters', () => {
    expect(routeKey('listPhotos')).toEqual(['listPhotos']);
    expect(routeKey('userTasks', undefined, { cursor: undefined })).toEqual(['userTasks']);
  });

  it('adds the path parameters, then the query, and tells different reads apart', () => {
    const one = routeKey('accountDeletionStatus', { deletionId: 'a' });
    expect(one).toEqual(['accountDeletionStatus', { deletionId: 'a' }]);
    expect(hashKey(one)).not.toBe(hashKey(routeKey('accountDeletionStatus', { deletionId: 'b' })));
    expect(routeKey('userTasks', undefined, { cursor: 'x' })).toEqual(['userTasks', {}, { cursor: 'x' }]);
    expect(hashKey(routeKey('userTasks', undefined, { cursor: 'x' }))).not.toBe(
      hashKey(routeKey('userTasks', undefined, { cursor: 'y' })),
    );
  });

  it('gives the same read the same key whatever the order of its query', () => {
    const a = routeKey('resultData', { filename: 'f.jpg' }, { preset: '4k', lang: 'fr' });
    const b = routeKey('resultData', { filename: 'f.jpg' }, { lang: 'fr', preset: '4k' });
    expect(hashKey(a)).toBe(hashKey(b));
  });

  it("covers every read of a route with the route's bare key, and no other route's", () => {
    expect(partialMatchKey(routeKey('userTasks', undefined, { cursor: 'x' }), routeKey('userTasks'))).toBe(
      true,
    );
    expect(
      partialMatchKey(
        routeKey('accountDeletionStatus', { deletionId: 'a' }),
        routeKey('accountDeletionStatus'),
      ),
    ).toBe(true);
    expect(partialMatchKey(routeKey('adminListStyles'), routeKey('listStyles'))).toBe(false);
    expect(partialMatchKey(routeKey('listStyles'), routeKey('listPhotos'))).toBe(false);
  });

  it('keys exactly the GET routes of the table', () => {
    const reads = (Object.keys(apiRoutes) as RouteId[]).filter((id) => apiRoutes[id].method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    for (const id of reads) expect(routeKey(id as ReadRouteId)[0]).toBe(id);
    // A write is not a read: the type-check refuses its key.
    // @ts-expect-error createTasksBatch is a POST
    routeKey('createTasksBatch');
  });
});
