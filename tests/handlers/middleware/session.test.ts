// functions/http/middleware.ts's session: who calls, settled before the body is read. A public route passes;
// a user or admin route needs a session (Authorization: Bearer or Token); ?token= is only ever a download
// link, on the routes that answer a file.
import { describe, expect, it } from 'vitest';
import type { User } from '../../../functions/domain/ports.ts';
import { routeFor, session, stateOf } from '../../../functions/http/middleware.ts';
import { type ApiRoute, apiRoutes, type RouteId, routeKey } from '../../../shared/api-routes.ts';
import { routeEvent } from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const routes = new Map<string, ApiRoute>(
  (Object.values(apiRoutes) as ApiRoute[]).map((r) => [routeKey(r), r] as [string, ApiRoute]),
);

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
) {
  const event = routeEvent(id, o);
  const request = middyRequest(event);
  await runBefore(routeFor(routes), request);
  const outcome = await runBefore(session(r.resolve, links), request);
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
