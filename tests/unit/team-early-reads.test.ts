// The dashboard page's early reads (functions/teams/early-reads.ts): the caller's account, team pointer and
// team (one read) and the page are read as the request arrives; the session's resolution
// (functions/accounts/domain/sessions.ts) and the use case (functions/teams/domain/teams.ts listMembers) check them
// as they check any read. Against the in-memory team store, accounts in a map and a verifier of
// "token-<userId>" (session version 1).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { resolveSession } from '../../functions/accounts/domain/sessions.ts';
import type { Team } from '../../functions/teams/domain/ports.ts';
import { listMembers } from '../../functions/teams/domain/teams.ts';
import { TeamMembersEarlyReads } from '../../functions/teams/early-reads.ts';
import { activeUser, tokenVerifier } from '../support/early-reads.ts';
import { FakeClock } from '../support/fakes/index.ts';
import { FakeTeamStore } from '../support/fakes/team-store.ts';

const user = (id: string, sessionVersion = 1): User => activeUser(id, 'acme.test', sessionVersion);

/** The stores, counting each read. */
function world() {
  const store = new FakeTeamStore();
  const accounts = new Map<string, User>();
  const calls = { verify: 0, getById: 0, caller: 0, membershipOf: 0, getTeam: 0, listMembers: 0 };
  const verifier = tokenVerifier(calls);
  const users = {
    getById: async (id: string) => {
      calls.getById += 1;
      return accounts.get(id) ?? null;
    },
  };
  const caller = {
    read: async (userId: string, teamId: string) => {
      calls.caller += 1;
      return {
        user: accounts.get(userId) ?? null,
        membership: await store.membershipOf(userId),
        team: await store.getTeam(teamId),
      };
    },
  };
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
  const early = new TeamMembersEarlyReads(verifier, users, caller, reads);
  /** One request as the teams handler serves it: started, the session resolved, the page's use case. */
  const request = async (event: APIGatewayProxyEventV2, token: string, teamId = T1) => {
    early.start(event);
    try {
      const u = await resolveSession({ ...early.session(token), adminEmails: [] }, token);
      return await listMembers({ teams: early.readsFor(event), clock: new FakeClock(10) }, u, teamId, {});
    } finally {
      early.end(event);
    }
  };
  return { store, accounts, calls, early, reads, request };
}

/** A team id of the shape every team has (shared/path-params.ts): another shape is never read early. */
const T1 = '0b7a2c1e-5d3f-4a6b-9c8d-1e2f3a4b5c6d';

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

async function ownedTeam(w: ReturnType<typeof world>) {
  w.accounts.set('owner', user('owner'));
  await w.store.createTeam(team(T1, 'owner'), { memberId: 'm1', email: 'owner@acme.test' });
}

describe('the dashboard page’s early reads', () => {
  it('reads the caller and the page at once before the session is resolved, and nothing more after', async () => {
    const w = world();
    await ownedTeam(w);
    const event = membersEvent(T1, { token: 'token-owner' });
    w.early.start(event);
    await settle();
    // Two reads under way before any session or route code ran: the caller's (account, pointer, team) and
    // the page.
    expect(w.calls).toMatchObject({ verify: 1, caller: 1, listMembers: 1 });
    const u = await resolveSession({ ...w.early.session('token-owner'), adminEmails: [] }, 'token-owner');
    const page = await listMembers({ teams: w.early.readsFor(event), clock: new FakeClock(10) }, u, T1, {});
    w.early.end(event);
    expect(page.members.map((m) => m.member_id)).toEqual(['m1']);
    expect(w.calls).toEqual({
      verify: 1,
      getById: 0,
      caller: 1,
      membershipOf: 0,
      getTeam: 0,
      listMembers: 1,
    });
  });

  it('checks the session and the membership on the early reads: revoked 401, another team 404, a member 403', async () => {
    const w = world();
    await ownedTeam(w);
    await w.store.createTeam(team('t2', 'other'), { memberId: 'm2', email: 'other@acme.test' });
    w.accounts.set('other', user('other'));
    w.accounts.set('member', user('member'));
    w.accounts.set('revoked', user('revoked', 2));
    w.store.pointers.set('member', { teamId: T1, memberId: 'm3', role: 'member' });
    w.store.pointers.set('revoked', { teamId: T1, memberId: 'm4', role: 'admin' });
    const ask = (caller: string) =>
      w.request(membersEvent(T1, { token: `token-${caller}` }), `token-${caller}`).then(
        () => 'answered',
        (e: DomainError) => e.code,
      );
    expect(await ask('revoked')).toBe('SESSION_REVOKED');
    expect(await ask('gone')).toBe('UNAUTHENTICATED');
    expect(await ask('other')).toBe('NOT_FOUND');
    expect(await ask('member')).toBe('FORBIDDEN');
    expect(await ask('owner')).toBe('answered');
  });

  it('serves each early read once, to the same caller and page only; the next request reads afresh', async () => {
    const w = world();
    await ownedTeam(w);
    const event = membersEvent(T1, { token: 'token-owner', query: { limit: '10' } });
    w.early.start(event);
    const served = w.early.readsFor(event);
    // Another page than the one started: read from the store.
    await served.listMembers(T1, 50, null);
    expect(w.calls.listMembers).toBe(2);
    await served.listMembers(T1, 10, null);
    await served.listMembers(T1, 10, null);
    expect(w.calls.listMembers).toBe(3);
    // Another caller than the token's: the store's answer, not the early one.
    await served.membershipOf('someone-else');
    expect(w.calls.membershipOf).toBe(1);
    // Another session's resolution finds nothing of this one.
    await w.early.session('token-other').users.getById('owner');
    expect(w.calls.getById).toBe(1);
    w.early.end(event);
    // The owner is removed: their next request sees the pointer gone (nothing kept between requests).
    w.store.pointers.delete('owner');
    const refused = await w
      .request(membersEvent(T1, { token: 'token-owner' }), 'token-owner')
      .catch((e: DomainError) => e.code);
    expect(refused).toBe('NOT_FOUND');
  });

  it('reads nothing early for an invalid token, a download link, or another route', async () => {
    const w = world();
    w.early.start(membersEvent(T1, { token: 'forged' }));
    w.early.start(membersEvent(T1, { link: 'token-owner' }));
    w.early.start({ ...membersEvent(T1, { token: 'token-owner' }), routeKey: 'GET /teams/mine' });
    await settle();
    expect(w.calls).toMatchObject({ caller: 0, membershipOf: 0, getTeam: 0, listMembers: 0 });
  });
});
