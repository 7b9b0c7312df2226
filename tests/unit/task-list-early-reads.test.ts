// The task list's early reads (functions/generation/early-reads.ts): after the signature check the caller's
// account and the asked page are read at once; the session's resolution (functions/accounts/domain/sessions.ts) and
// the use case (functions/generation/domain/gallery.ts listUserTasks) check them as they check any read.
// Accounts in a map, a verifier of "token-<userId>" (session version 1), and pages that name whose they are.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { apiRoutes, routeKey } from '#shared/api-routes.ts';
import { resolveSession } from '../../functions/accounts/domain/sessions.ts';
import { type GalleryDeps, listUserTasks } from '../../functions/generation/domain/gallery.ts';
import { TaskListEarlyReads } from '../../functions/generation/early-reads.ts';
import { activeUser, tokenVerifier } from '../support/early-reads.ts';
import { FakeClock } from '../support/fakes/index.ts';

const user = (id: string, sessionVersion = 1): User => activeUser(id, 'example.test', sessionVersion);

const event = (token: string, query: Record<string, string> = {}): APIGatewayProxyEventV2 =>
  ({
    routeKey: routeKey(apiRoutes.userTasks),
    headers: { authorization: `Bearer ${token}` },
    queryStringParameters: query,
  }) as unknown as APIGatewayProxyEventV2;

function world() {
  const accounts = new Map<string, User>([['u1', user('u1')]]);
  const calls = { verify: 0, getById: 0, list: 0, order: [] as string[] };
  const verifier = tokenVerifier(calls);
  const users = {
    getById: async (id: string) => {
      calls.getById += 1;
      calls.order.push('account');
      await new Promise((r) => setTimeout(r, 5));
      calls.order.push('account read');
      return accounts.get(id) ?? null;
    },
  };
  const tasks = {
    list: async (userId: string, limit: number, cursor: string | null) => {
      calls.list += 1;
      calls.order.push('page');
      // The page says whose it is, its size and where it starts (a task list's next_cursor).
      return { tasks: [], next: `${userId}/${limit}/${cursor}/${calls.list}` };
    },
    listFavourites: async (userId: string) => ({ tasks: [], next: `favourites of ${userId}` }),
  };
  const early = new TaskListEarlyReads(verifier, users, tasks);
  const deps = { clock: new FakeClock(10) } as unknown as Omit<GalleryDeps, 'tasks'>;
  /** One request as the avatars handler serves it: started, the session resolved, the list's use case. */
  const request = async (e: APIGatewayProxyEventV2, token: string, query: Record<string, string> = {}) => {
    early.start(e);
    try {
      const u = await resolveSession({ ...early.session(token), adminEmails: [] }, token);
      return await listUserTasks({ ...deps, tasks: early.listsFor(e) }, u, query);
    } finally {
      early.end(e);
    }
  };
  return { accounts, calls, early, request };
}

describe('The task list read early', () => {
  it('reads the account and the page at once, each once, and answers the caller their own page', async () => {
    const w = world();
    const page = await w.request(event('token-u1', { limit: '20' }), 'token-u1', { limit: '20' });
    expect(page.next_cursor).toBe('u1/20/null/1');
    expect(w.calls).toMatchObject({ verify: 1, getById: 1, list: 1 });
    // The page's Query went out before the account's read came back.
    expect(w.calls.order).toEqual(['account', 'page', 'account read']);
  });

  it('answers nothing to a revoked session or a deleted account, whatever was read', async () => {
    const w = world();
    w.accounts.set('u1', user('u1', 2));
    await expect(w.request(event('token-u1'), 'token-u1')).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    w.accounts.delete('u1');
    await expect(w.request(event('token-u1'), 'token-u1')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('reads nothing for a token that does not verify', async () => {
    const w = world();
    await expect(w.request(event('forged'), 'forged')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(w.calls).toMatchObject({ getById: 0, list: 0 });
  });

  it('serves its page once, to the same caller asking the same page only; the next request reads afresh', async () => {
    const w = world();
    const e = event('token-u1');
    w.early.start(e);
    const lists = w.early.listsFor(e);
    // The account read for u1 is no other account.
    expect(await w.early.session('token-u1').users.getById('u2')).toBeNull();
    expect((await w.early.session('token-u1').users.getById('u1'))?.id).toBe('u1');
    // The page started for u1's first page (read 1): not another caller's, size or place.
    expect((await lists.list('u2', 50, null)).next).toBe('u2/50/null/2');
    expect((await lists.list('u1', 20, null)).next).toBe('u1/20/null/3');
    expect((await lists.list('u1', 50, 'T1')).next).toBe('u1/50/T1/4');
    expect((await lists.list('u1', 50, null)).next).toBe('u1/50/null/1');
    expect((await lists.list('u1', 50, null)).next).toBe('u1/50/null/5');
    w.early.end(e);
    const again = await w.request(event('token-u1'), 'token-u1');
    expect(again.next_cursor).toBe('u1/50/null/6');
  });

  it('leaves favourites, download links and invalid pages to the use case', async () => {
    const w = world();
    w.early.start(event('token-u1', { favourites: 'true' }));
    w.early.start(event('token-u1', { cursor: 'not a task id' }));
    const link = { ...event('x'), headers: {}, queryStringParameters: { token: 'token-u1' } };
    w.early.start(link as unknown as APIGatewayProxyEventV2);
    await new Promise((r) => setTimeout(r, 10));
    expect(w.calls).toMatchObject({ verify: 0, getById: 0, list: 0 });
  });
});
