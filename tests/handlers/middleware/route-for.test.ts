// functions/platform/http/middleware.ts's routeFor: the route of the event, its parameters, the client's address and
// the correlation id (API Gateway's request id).
import { describe, expect, it } from 'vitest';
import { routeFor, stateOf } from '#platform/http/middleware.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import { apiEvent, routeEvent } from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const routes = { photoData: apiRoutes.photoData };

describe('routeFor', () => {
  it('sets the request state: route, path parameters, client address, correlation id', async () => {
    const event = routeEvent('photoData', {
      params: { filename: 'a_0000000000000000.jpg' },
      ip: '10.1.2.3',
      requestId: 'req-1',
    });
    expect(await runBefore(routeFor(routes), middyRequest(event))).toEqual({ early: undefined });
    expect(stateOf(event)).toEqual({
      correlationId: 'req-1',
      routeId: 'photoData',
      route: apiRoutes.photoData,
      body: undefined,
      params: { filename: 'a_0000000000000000.jpg' },
      user: null,
      link: null,
      capture: null,
      clientAddress: '10.1.2.3',
    });
  });

  it('answers a route the group does not serve with 404 Not found', async () => {
    const { error } = await runBefore(routeFor(routes), middyRequest(routeEvent('listPhotos')));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    const odd = await runBefore(
      routeFor(routes),
      middyRequest(apiEvent('PATCH', '/photos', 'PATCH /photos', undefined)),
    );
    expect(odd.error).toMatchObject({ status: 404 });
  });

  it('has no state for an event it never saw', () => {
    expect(() => stateOf(routeEvent('listPhotos'))).toThrow('request state missing');
  });
});
