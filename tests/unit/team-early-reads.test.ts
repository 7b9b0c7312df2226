// The dashboard page's early reads (functions/teams/early-reads.ts): the caller's team pointer, the team
// and the page are read as the request arrives, beside the session's account read, and the use case
// (functions/domain/teams/teams.ts listMembers) checks membership and role on them as on any read. Against
// the in-memory team store and a verifier of "token-<userId>".
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../functions/domain/errors.ts';
import type { User } from '../../functions/domain/ports.ts';
import type { Team } from '../../functions/domain/teams/ports.ts';
import { listMembers } from '../../functions/domain/teams/teams.ts';
import { EarlyReads } from '../../functions/teams/early-reads.ts';
import { FakeClock } from '../support/fakes/index.ts';
import { FakeTeamStore } from '../support/fakes/team-store.ts';

const verifier = {
  verify: async (token: string) => {
    if (!token.startsWith('token-')) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
    return { userId: token.slice('token-'.length), sessionVersion: 1 };
  },
};

/** The store, counting each read the page makes. */
function countingStore() {
  const store = new FakeTeamStore();
  const calls = { membershipOf: 0, getTeam: 0, listMembers: 0 };
  const reads = {
    membershipOf: (userId: string) => {
      calls.membershipOf += 1;
      return store.membershipOf(userId);
    },
    getTeam: (teamId: string) => {
      calls.getTeam += 1;
      return store.getTeam(teamId);
    },
    listMembers: (teamId: string, limit: number, cursor: string | null) => {
      calls.listMembers += 1;
      return store.listMembers(teamId, limit, cursor);
    },
  };
  return { store, calls, reads };
}

const team = (id: string, ownerId: string): Team => ({
  id,
  name: 'Acme',
  ownerId,
  domains: [],
  lang: 'en',
  seatsTotal: 3,
  seatsUsed: 0,
  allowed: { styles: null, combos: null },
  createdAt: 1,
  dissolvedAt: null,
});

const user = (id: string): User =>
  ({ id, email: `${id}@acme.test`, lang: 'en', status: 'ACTIVE', role: 'user' }) as User;

function membersEvent(
  teamId: string,
  o: { token?: string; link?: string; query?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /teams/{teamId}/members',
    rawPath: `/teams/${teamId}/members`,
    rawQueryString: '',
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    pathParameters: { teamId },
    queryStringParameters: { ...(o.link ? { token: o.link } : {}), ...o.query },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the dashboard page’s early reads', () => {
  it('reads the pointer, the team and the page before the route runs, and the route reads nothing more', async () => {
    const { store, calls, reads } = countingStore();
    await store.createTeam(team('t1', 'owner'), { memberId: 'm1', email: 'owner@acme.test' });
    const early = new EarlyReads(verifier, reads);
    const event = membersEvent('t1', { token: 'token-owner' });
    early.start(event);
    await settle();
    // Started while the session's own read would be under way: before any route code.
    expect(calls).toEqual({ membershipOf: 1, getTeam: 1, listMembers: 1 });
    const page = await listMembers(
      { teams: early.readsFor(event), clock: new FakeClock(10) },
      user('owner'),
      't1',
      {},
    );
    expect(page.members.map((m) => m.member_id)).toEqual(['m1']);
    expect(calls).toEqual({ membershipOf: 1, getTeam: 1, listMembers: 1 });
  });

  it('checks the membership on the early read: another team’s owner gets 404, a member 403', async () => {
    const { store, reads } = countingStore();
    await store.createTeam(team('t1', 'owner'), { memberId: 'm1', email: 'owner@acme.test' });
    await store.createTeam(team('t2', 'other'), { memberId: 'm2', email: 'other@acme.test' });
    store.pointers.set('member', { teamId: 't1', memberId: 'm3', role: 'member' });
    const early = new EarlyReads(verifier, reads);
    const ask = async (caller: string) => {
      const event = membersEvent('t1', { token: `token-${caller}` });
      early.start(event);
      return listMembers(
        { teams: early.readsFor(event), clock: new FakeClock(10) },
        user(caller),
        't1',
        {},
      ).then(
        () => 'answered',
        (e: DomainError) => e.code,
      );
    };
    expect(await ask('other')).toBe('NOT_FOUND');
    expect(await ask('member')).toBe('FORBIDDEN');
    expect(await ask('owner')).toBe('answered');
  });

  it('serves each early read once, to the same caller and page only; the next request reads afresh', async () => {
    const { store, calls, reads } = countingStore();
    await store.createTeam(team('t1', 'owner'), { memberId: 'm1', email: 'owner@acme.test' });
    const early = new EarlyReads(verifier, reads);
    const event = membersEvent('t1', { token: 'token-owner', query: { limit: '10' } });
    early.start(event);
    const served = early.readsFor(event);
    // Another page than the one started: read from the store.
    await served.listMembers('t1', 50, null);
    expect(calls.listMembers).toBe(2);
    await served.listMembers('t1', 10, null);
    await served.listMembers('t1', 10, null);
    expect(calls.listMembers).toBe(3);
    // Another caller than the token's: the store's answer, not the early one.
    await served.membershipOf('someone-else');
    expect(calls.membershipOf).toBe(2);
    // The owner is removed: a later request of theirs sees the pointer gone (nothing kept between requests).
    store.pointers.delete('owner');
    const next = membersEvent('t1', { token: 'token-owner' });
    early.start(next);
    const refused = await listMembers(
      { teams: early.readsFor(next), clock: new FakeClock(10) },
      user('owner'),
      't1',
      {},
    ).catch((e: DomainError) => e.code);
    expect(refused).toBe('NOT_FOUND');
  });

  it('reads nothing early for an invalid token, a download link, or another route', async () => {
    const { calls, reads } = countingStore();
    const early = new EarlyReads(verifier, reads);
    early.start(membersEvent('t1', { token: 'forged' }));
    early.start(membersEvent('t1', { link: 'token-owner' }));
    early.start({ ...membersEvent('t1', { token: 'token-owner' }), routeKey: 'GET /teams/mine' });
    await settle();
    expect(calls).toEqual({ membershipOf: 0, getTeam: 0, listMembers: 0 });
  });
});
