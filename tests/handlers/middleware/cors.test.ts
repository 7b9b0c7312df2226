// functions/platform/http/cors.ts: the CORS headers on every answer to the web app's origin, and the preflight.
import { describe, expect, it } from 'vitest';
import { crossOrigin, preflight } from '#platform/http/cors.ts';
import { API_CORS } from '#shared/api-cors.ts';
import { preflightEvent, routeEvent, WEB_URL } from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const answer = () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' });

describe('crossOrigin', () => {
  it('adds the CORS headers to an answer to the web origin, after and on error alike', async () => {
    for (const phase of ['after', 'onError'] as const) {
      const request = middyRequest(routeEvent('userInfo'), answer());
      await crossOrigin(WEB_URL)[phase]?.(request);
      expect(request.response?.headers, phase).toEqual({
        'access-control-allow-origin': WEB_URL,
        'access-control-expose-headers': 'x-correlation-id,content-disposition',
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
        'content-type': 'application/json',
      });
    }
  });

  it('adds nothing for another origin, no origin, or a function no browser calls', async () => {
    for (const [origin, webOrigin] of [
      ['https://evil.example', WEB_URL],
      [null, WEB_URL],
      [WEB_URL, null],
    ] as const) {
      const request = middyRequest(routeEvent('userInfo', { origin }), answer());
      await crossOrigin(webOrigin).after?.(request);
      expect(request.response?.headers).toEqual({ 'content-type': 'application/json' });
    }
  });

  it('lets an answer’s own header win', async () => {
    const request = middyRequest(routeEvent('userInfo'), {
      statusCode: 200,
      headers: { vary: 'Origin, Accept' },
    });
    await crossOrigin(WEB_URL).after?.(request);
    expect(request.response?.headers?.vary).toBe('Origin, Accept');
  });
});

describe('preflight', () => {
  it('answers a preflight from the web origin with 204 and what may be sent', async () => {
    const { early } = await runBefore(preflight(WEB_URL), middyRequest(preflightEvent('/photos')));
    expect(early).toEqual({
      statusCode: 204,
      body: '',
      headers: {
        'access-control-allow-origin': WEB_URL,
        'access-control-expose-headers': 'x-correlation-id,content-disposition',
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
        'access-control-allow-methods': 'GET,POST,PUT,DELETE',
        'access-control-allow-headers':
          'authorization,token,content-type,idempotency-key,x-capture-code,x-capture-device',
        'access-control-max-age': String(API_CORS.maxAgeSeconds),
      },
    });
  });

  it('tells another origin nothing, and lets every other request through', async () => {
    const foreign = await runBefore(
      preflight(WEB_URL),
      middyRequest(preflightEvent('/photos', { origin: 'https://evil.example' })),
    );
    expect(foreign.early).toEqual({ statusCode: 204, body: '', headers: { vary: 'Origin' } });
    expect(await runBefore(preflight(WEB_URL), middyRequest(routeEvent('listPhotos')))).toEqual({
      early: undefined,
    });
  });
});
