// functions/platform/http/middleware.ts's session: who calls, settled before the body is read. A public route passes;
// a user or admin route needs a session (Authorization: Bearer or Token); ?token= is only ever a download
// link, on the routes that answer a file.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { routeFor, session, stateOf } from '#platform/http/middleware.ts';
import { type ApiRoute, apiRoutes, type RouteId } from '#shared/api-routes.ts';
import { routeEvent } from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const routes = apiRoutes;

const someone = (role: 'user' | 'admin' = 'user') =>
  ({ id: `id-${role}`, email: `${role}@example.test`, role }) as User;

/** A resolver that knows one token per role and records what it was asked. */
function resolver() {
  const asked: string[] = [];
  const resolve = async (token: string) => {
    asked.push(token);
    if (token === 'user-token') return someone('user');
    if (token === 'admin-token') return someone('admin');
    throw new Error('unknown token');
  };
  return { asked, resolve };
}

async function run(
  id: RouteId,
  o: Parameters<typeof routeEvent>[1],
  r = resolver(),
  links?: Parameters<typeof session>[1],
  capture?: Parameters<typeof session>[2],
) {
  const event = routeEvent(id, o);
  const request = middyRequest(event);
  await runBefore(routeFor(routes), request);
  const outcome = await runBefore(session(r.resolve, links, capture), request);
  return { ...outcome, state: stateOf(event), asked: r.asked };
}

describe('session', () => {
  it('lets a public route through without asking anyone', async () => {
    const res = await run('login', { token: 'user-token' });
    expect(res.error).toBeUndefined();
    expect(res.asked).toEqual([]);
    expect(res.state.user).toBeNull();
  });

  it('refuses a user route without a token: 401 "Please log in to continue."', async () => {
    const res = await run('userInfo', {});
    expect(res.error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please log in to continue.' });
  });

  it('takes the session from Authorization: Bearer, else from Token, and sets the caller', async () => {
    const bearer = await run('userInfo', { token: 'user-token' });
    expect(bearer.state.user?.id).toBe('id-user');
    const header = await run('userInfo', { token: 'user-token', tokenHeader: true });
    expect(header.state.user?.id).toBe('id-user');
    const both = await run('userInfo', {
      headers: { authorization: 'Bearer admin-token', token: 'user-token' },
    });
    expect(both.asked).toEqual(['admin-token']);
  });

  it('refuses a user on an admin route (403) and lets an admin in', async () => {
    expect((await run('adminListStyles', { token: 'user-token' })).error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have access to this page.',
    });
    expect((await run('adminListStyles', { token: 'admin-token' })).error).toBeUndefined();
  });

  it('never takes ?token= as a session; on a file route it is a download link for that route and file', async () => {
    const plain = await run('userInfo', { query: { token: 'user-token' } });
    expect(plain.error).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(plain.asked).toEqual([]);
    const noLinks = await run('photoData', { query: { token: 'user-token' }, params: { filename: 'a.jpg' } });
    expect(noLinks.error).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(noLinks.asked).toEqual([]);
    const seen: unknown[] = [];
    const link = await run(
      'photoData',
      { query: { token: 'link-token' }, params: { filename: 'a.jpg' } },
      resolver(),
      async (token, route, object) => {
        seen.push([token, route, object]);
        return { user: someone(), object: 'a.jpg' };
      },
    );
    expect(seen).toEqual([['link-token', 'photoData', 'a.jpg']]);
    expect(link.state.user?.id).toBe('id-user');
    expect(link.state.link).toEqual({ object: 'a.jpg' });
  });
});

describe('session, with a phone’s capture code (functions/photos/domain/capture-links.ts)', () => {
  /** A capture resolver that knows one code and device, and records what it was asked. */
  function captures() {
    const asked: [string, string | undefined][] = [];
    const resolve = async (code: string, device: string | undefined) => {
      asked.push([code, device]);
      if (code !== 'CODE' || device !== 'DEVICE') throw new Error('unknown capture code');
      return { user: someone('user'), grant: { userId: 'id-user', codeHash: 'hash' } };
    };
    return { asked, resolve };
  }
  const headers = { 'x-capture-code': 'CODE', 'x-capture-device': 'DEVICE' };

  it('makes the link’s account the caller of the two routes that admit a code, and says it came by code', async () => {
    for (const id of ['photoUploadTargets', 'confirmPhotoUploads'] as const) {
      const c = captures();
      const res = await run(id, { headers }, resolver(), undefined, c.resolve);
      expect(res.error, id).toBeUndefined();
      expect(res.state.user?.id).toBe('id-user');
      expect(res.state.capture).toEqual({ userId: 'id-user', codeHash: 'hash' });
      expect(c.asked).toEqual([['CODE', 'DEVICE']]);
    }
  });

  it('is no session anywhere else: 401, and the code is not even looked at', async () => {
    const others = (Object.entries(apiRoutes) as [RouteId, ApiRoute][]).filter(
      ([, r]) => r.access === 'user' || r.access === 'admin',
    );
    expect(others.length).toBeGreaterThan(40);
    for (const [id] of others) {
      const c = captures();
      const res = await run(id, { headers }, resolver(), undefined, c.resolve);
      expect(res.error, id).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(c.asked, id).toEqual([]);
    }
  });

  it('a session beats a code; a group without a capture resolver refuses the code as no session', async () => {
    const c = captures();
    const both = await run(
      'photoUploadTargets',
      { headers, token: 'user-token' },
      resolver(),
      undefined,
      c.resolve,
    );
    expect(both.state.capture).toBeNull();
    expect(c.asked).toEqual([]);
    const none = await run('photoUploadTargets', { headers });
    expect(none.error).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('passes the capture resolver’s refusal on', async () => {
    const res = await run(
      'confirmPhotoUploads',
      { headers: { 'x-capture-code': 'CODE', 'x-capture-device': 'OTHER' } },
      resolver(),
      undefined,
      captures().resolve,
    );
    expect(res.error).toMatchObject({ message: 'unknown capture code' });
    expect(res.state.user).toBeNull();
  });
});
