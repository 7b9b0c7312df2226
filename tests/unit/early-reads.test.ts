// The mechanism behind the task list's and the dashboard's early reads (functions/platform/http/early-reads.ts), with a
// route of its own: its page is `?page=`, its one read answers "<userId>:<page>:<n>" (or fails for the page
// "fails"). A verifier of "token-<userId>" (session version 1) and accounts in a map, each read counted.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { EarlyReads } from '#platform/http/early-reads.ts';
import { apiRoutes, routeKey } from '#shared/api-routes.ts';
import { resolveSession } from '../../functions/accounts/domain/sessions.ts';
import { activeUser, tokenVerifier } from '../support/early-reads.ts';

const user = (id: string): User => activeUser(id, 'example.test');

const route = apiRoutes.userTasks;

const event = (token: string, page = '1'): APIGatewayProxyEventV2 =>
  ({
    routeKey: routeKey(route),
    headers: { authorization: `Bearer ${token}` },
    queryStringParameters: { page },
  }) as unknown as APIGatewayProxyEventV2;

const settle = () => new Promise((r) => setTimeout(r, 10));

function world(o: { accountFails?: boolean } = {}) {
  const accounts = new Map([user('a'), user('b')].map((u) => [u.id, u]));
  const calls = { verify: 0, getById: 0, read: 0 };
  const verifier = tokenVerifier(calls);
  const users = {
    getById: async (id: string) => {
      calls.getById += 1;
      if (o.accountFails) throw new Error('account read failed');
      return accounts.get(id) ?? null;
    },
  };
  const read = async (userId: string, page: string) => {
    const n = ++calls.read;
    if (page === 'fails') throw new Error('page read failed');
    return `${userId}:${page}:${n}`;
  };
  const early = new EarlyReads(verifier, users, {
    route,
    page: (e) => e.queryStringParameters?.page ?? null,
    reads: (userId, page) => ({ page: read(userId, page) }),
  });
  /** The use case's read of `page` for `userId`: the early one when served, else the store's. */
  const ask = async (e: APIGatewayProxyEventV2, userId: string, page: string) => {
    const early = await w.early.servedFor(e)('page', (p, caller) => caller === userId && p === page);
    return early ? early.page : read(userId, page);
  };
  const w = { accounts, calls, early, ask };
  return w;
}

/** Unhandled rejections seen while a test runs (a dropped read must raise none). */
let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('early reads', () => {
  it('serves the signature check, the account and the page once each', async () => {
    const w = world();
    const e = event('token-a', '1');
    w.early.start(e);
    const u = await resolveSession({ ...w.early.session('token-a'), adminEmails: [] }, 'token-a');
    expect(u.id).toBe('a');
    expect(await w.ask(e, 'a', '1')).toBe('a:1:1');
    expect(w.calls).toEqual({ verify: 1, getById: 1, read: 1 });
    // Asked again within the same request: each from the store.
    await resolveSession({ ...w.early.session('token-a'), adminEmails: [] }, 'token-a');
    expect(await w.ask(e, 'a', '1')).toBe('a:1:2');
    expect(w.calls).toEqual({ verify: 2, getById: 2, read: 2 });
    w.early.end(e);
  });

  it('serves nothing to another token, another caller, another page or another request', async () => {
    const w = world();
    const e = event('token-a', '1');
    w.early.start(e);
    await settle();
    expect(w.calls).toEqual({ verify: 1, getById: 1, read: 1 });
    // Another session's resolution: its own check and account.
    const b = await resolveSession({ ...w.early.session('token-b'), adminEmails: [] }, 'token-b');
    expect(b.id).toBe('b');
    expect(w.calls).toMatchObject({ verify: 2, getById: 2 });
    // The session of token-a asked to verify another token, or another account: not the early ones.
    await w.early.session('token-a').sessions.verify('token-b');
    expect(await w.early.session('token-a').users.getById('b')).toMatchObject({ id: 'b' });
    expect(w.calls).toMatchObject({ verify: 3, getById: 3 });
    // Another caller's page, another page, the same page for another request (same token).
    expect(await w.ask(e, 'b', '1')).toBe('b:1:2');
    expect(await w.ask(e, 'a', '2')).toBe('a:2:3');
    expect(await w.ask(event('token-a', '1'), 'a', '1')).toBe('a:1:4');
    // The started one is still there for its own ask.
    expect(await w.ask(e, 'a', '1')).toBe('a:1:1');
    w.early.end(e);
  });

  it('reads nothing for a token that does not verify, another route or a link', async () => {
    const w = world();
    const forged = event('forged');
    w.early.start(forged);
    w.early.start({ ...event('token-a'), routeKey: 'GET /teams/mine' });
    w.early.start({
      ...event('token-b'),
      headers: {},
      queryStringParameters: { token: 'token-b', page: '1' },
    });
    w.early.start({ ...event('token-a'), queryStringParameters: {} });
    await settle();
    expect(w.calls).toEqual({ verify: 1, getById: 0, read: 0 });
    // The failed check reaches the session's resolution as its own error.
    await expect(
      resolveSession({ ...w.early.session('forged'), adminEmails: [] }, 'forged'),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await w.early.servedFor(forged)('page', () => true)).toBeNull();
    w.early.end(forged);
  });

  it('gives a failed read to whoever awaits it and, dropped, to nobody', async () => {
    const w = world();
    const awaited = event('token-a', 'fails');
    w.early.start(awaited);
    await expect(w.ask(awaited, 'a', 'fails')).rejects.toThrow('page read failed');
    w.early.end(awaited);
    // Started and dropped: the page's read fails, and the account's, and nobody asks for either.
    const dropped = world({ accountFails: true });
    const e = event('token-a', 'fails');
    dropped.early.start(e);
    await settle();
    dropped.early.end(e);
    await settle();
    expect(dropped.calls).toMatchObject({ getById: 1, read: 1 });
    expect(unhandled).toEqual([]);
    // The account's failure reaches the session's resolution when it asks.
    const asked = world({ accountFails: true });
    const e2 = event('token-a');
    asked.early.start(e2);
    await expect(
      resolveSession({ ...asked.early.session('token-a'), adminEmails: [] }, 'token-a'),
    ).rejects.toThrow('account read failed');
    asked.early.end(e2);
  });

  it('forgets what a request started once it is answered, and starts one per token at a time', async () => {
    const w = world();
    const e = event('token-a', '1');
    w.early.start(e);
    // The same session asking twice at once: the second request reads as usual.
    const twice = event('token-a', '1');
    w.early.start(twice);
    await settle();
    expect(w.calls).toEqual({ verify: 1, getById: 1, read: 1 });
    w.early.end(twice);
    // Ending the second request forgets nothing of the first.
    await w.early.session('token-a').sessions.verify('token-a');
    expect(w.calls.verify).toBe(1);
    w.early.end(e);
    // Answered: neither the session nor the use case finds anything of it.
    expect(await w.ask(e, 'a', '1')).toBe('a:1:2');
    await resolveSession({ ...w.early.session('token-a'), adminEmails: [] }, 'token-a');
    expect(w.calls).toEqual({ verify: 2, getById: 2, read: 2 });
    // The next request of the same session starts its own.
    const next = event('token-a', '1');
    w.early.start(next);
    expect(await w.ask(next, 'a', '1')).toBe('a:1:3');
    w.early.end(next);
  });

  it('forgets it when the group answers or fails (around)', async () => {
    const w = world();
    const seen: APIGatewayProxyEventV2[] = [];
    const entry = w.early.around(async (e: APIGatewayProxyEventV2, _context: unknown) => {
      seen.push(e);
      // Within the request, its page is served.
      expect(await w.ask(e, 'a', '1')).toBe('a:1:1');
      if (e.queryStringParameters?.fail) throw new Error('handler failed');
      return 'answered';
    });
    expect(await entry(event('token-a', '1'), {})).toBe('answered');
    const failing = { ...event('token-a', '1'), queryStringParameters: { page: '1', fail: 'yes' } };
    w.calls.read = 0;
    await expect(entry(failing, {})).rejects.toThrow('handler failed');
    // Both requests forgotten: the session reads afresh.
    const before = w.calls.verify;
    await w.early.session('token-a').sessions.verify('token-a');
    expect(w.calls.verify).toBe(before + 1);
    expect(await w.ask(seen[1] as APIGatewayProxyEventV2, 'a', '1')).toBe('a:1:2');
  });
});
