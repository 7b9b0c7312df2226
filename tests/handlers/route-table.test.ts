// Every served route of the route table (shared/api-routes.ts), through its group's handler: who may call it,
// what a bad body gets, and the headers every answer carries. A route added to the table is covered here
// without a line of test.
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CORS } from '#shared/api-cors.ts';
import {
  type ApiRoute,
  apiRoutes,
  groupRoutes,
  type RouteId,
  routedGroups,
  routeKey,
} from '#shared/api-routes.ts';
import {
  type Answer,
  adminUser,
  call,
  handlerOf,
  invoke,
  preflightEvent,
  routeEvent,
  signedInUser,
  type TestUser,
  WEB_URL,
} from '../support/handler-events.ts';

const served = groupRoutes();
const signedInRoutes = served.filter(([, r]) => r.access !== 'public');
const adminRoutes = served.filter(([, r]) => r.access === 'admin');
const jsonRoutes = served.filter(([, r]) => r.request && r.request !== 'multipart');
/** Stripe calls the webhook, never a browser: its answers carry no CORS headers. */
const browserRoutes = served.filter(([, r]) => r.group !== 'stripe-webhook');

const LOGIN = 'Please log in to continue.';

let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [user, admin] = await Promise.all([signedInUser(), adminUser()]);
});

/** The caller each route admits: an admin for admin routes, a user for the others but public ones, nobody there. */
const callerFor = (r: ApiRoute) => (r.access === 'admin' ? admin : r.access === 'public' ? null : user);

function expectCors(a: Answer<unknown>) {
  expect(a.headers['access-control-allow-origin']).toBe(WEB_URL);
  expect(a.headers['access-control-allow-credentials']).toBe('true');
  expect(a.headers['access-control-expose-headers']).toContain('x-correlation-id');
  expect(a.headers.vary).toBe('Origin');
}

describe('every signed-in route', () => {
  it('is a good share of the table', () => {
    expect(signedInRoutes.length).toBeGreaterThanOrEqual(40);
  });

  it.each(signedInRoutes)('%s answers 401 without a session, before reading the body', async (id) => {
    const requestId = `no-session-${id}`;
    // A malformed body too: a caller without the right learns nothing from it.
    const res = await call(id, { rawBody: '{', headers: { 'content-type': 'application/json' }, requestId });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: LOGIN, code: 'UNAUTHENTICATED', error: LOGIN });
    expect(res.headers['x-correlation-id']).toBe(requestId);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expectCors(res);
  });

  it.each(signedInRoutes)('%s answers 401 to a token that is not a session', async (id) => {
    const res = await call(id, { token: 'not.a.jwt' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it.each(signedInRoutes)('%s never takes a session from ?token=', async (id) => {
    const res = await call(id, { query: { token: user.token } });
    expect(res.status).toBe(401);
  });
});

describe('every admin route', () => {
  it('is in the table', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(9);
  });

  it.each(adminRoutes)('%s refuses a signed-in user with 403, before reading the body', async (id) => {
    const res = await call(id, {
      token: user.token,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', msg: 'You do not have access to this page.' });
    expectCors(res);
  });
});

describe('every route with a JSON body', () => {
  it.each(jsonRoutes)('%s refuses a bad body with 400 and the reason', async (id) => {
    const r = apiRoutes[id] as ApiRoute;
    const caller = callerFor(r);
    const as = caller ? { token: caller.token } : {};
    const cases: [string, Parameters<typeof call>[1], string, string | null][] = [
      ['malformed JSON', { rawBody: '{"a": ' }, 'MALFORMED_JSON', 'Request body is not valid JSON.'],
      [
        'no body',
        { rawBody: '', headers: { 'content-type': 'application/json' } },
        'MALFORMED_JSON',
        'Request body is not valid JSON.',
      ],
      [
        'not JSON',
        { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        'UNSUPPORTED_CONTENT_TYPE',
        'Request body must be JSON (Content-Type: application/json).',
      ],
      [
        'oversized',
        // Past the route's own limit (the edit route takes a brush PNG: shared/edit-rules.ts).
        { body: { padding: 'x'.repeat((r.maxBodyBytes ?? 16 * 1024) + 1024) } },
        'BODY_TOO_LARGE',
        'Request body is too large.',
      ],
      ['an array', { body: [1, 2] }, 'VALIDATION_FAILED', null],
      ['a number', { body: 42 }, 'VALIDATION_FAILED', null],
    ];
    for (const [name, o, code, msg] of cases) {
      const requestId = `bad-body-${id}-${name}`;
      const res = await call(id, { ...o, ...as, requestId });
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe(code);
      if (msg) expect(res.body.msg, name).toBe(msg);
      expect(res.body.error, name).toBe(res.body.msg);
      expect(res.headers['x-correlation-id'], name).toBe(requestId);
      if (r.group !== 'stripe-webhook') expectCors(res);
    }
  });
});

describe('CORS on every route', () => {
  it.each(browserRoutes)('%s: a preflight admits the web app, with its method and headers', async (id) => {
    const r = apiRoutes[id] as ApiRoute;
    const path = routeEvent(id).rawPath;
    const ok = await invoke(
      await handlerOf('auth'),
      preflightEvent(path, {
        headers: {
          'access-control-request-method': r.method,
          'access-control-request-headers': 'authorization,token,content-type',
        },
      }),
    );
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(WEB_URL);
    expect(ok.headers['access-control-allow-methods']?.split(',')).toContain(r.method);
    expect(ok.headers['access-control-allow-headers']).toBe(API_CORS.allowHeaders.join(',').toLowerCase());
    expect(ok.headers['access-control-max-age']).toBe(String(API_CORS.maxAgeSeconds));
    const foreign = await invoke(
      await handlerOf('auth'),
      preflightEvent(path, { origin: 'https://evil.example' }),
    );
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-methods']).toBeUndefined();
  });

  it.each(browserRoutes)('%s: another origin gets no CORS header on the answer', async (id) => {
    const res = await call(id, { origin: 'https://evil.example', rawBody: '{' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    // No origin at all (a server calling): none either, and still an answer.
    const none = await call(id, { origin: null, rawBody: '{' });
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    expect(none.status).not.toBe(500);
  });

  it('is never on the Stripe webhook, even for the web origin', async () => {
    const res = await call('stripeWebhook', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(res.status).toBe(400);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('each group handler', () => {
  it.each(served.map(([id, r]) => [id, r.group] as [RouteId, ApiRoute['group']]))(
    "%s is served by its own group's handler (%s), and by no other",
    async (id, group) => {
      for (const other of routedGroups()) {
        if (other === group) continue;
        const res = await invoke(await handlerOf(other), routeEvent(id));
        expect(res.status, `${routeKey(apiRoutes[id] as ApiRoute)} on ${other}`).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', msg: 'Not found' });
      }
    },
  );
});
