// The teams group's handler in-process (functions/teams): every team route checks the caller's membership
// and role on the server (docs/product.md, "Teams"). Without a session: 401; someone outside the team (an
// owner of another team included): 404, nothing about the team revealed; a member on an admin action: 403;
// a bad body: 400 with its reason. The joins' seat race, the webhook and the ZIP's files are the
// integration tests' (tests/integration/teams-*.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteId } from '#shared/api-routes.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import {
  call,
  type EventOptions,
  newEmail,
  type RouteAnswer,
  signedInUser,
  type TestUser,
} from '../support/handler-events.ts';
import { openLink, ownerWithTeam as teamOwner, teamRouteBody } from '../support/handler-teams.ts';

// Every route under /teams, whichever group serves it (a seat checkout is the billing group's: it carries
// Stripe); `call` sends each to its group's handler.
const teamRoutes = (Object.keys(apiRoutes) as RouteId[]).filter((id) =>
  apiRoutes[id].path.startsWith('/teams'),
);

type Owner = TestUser & { teamId: string; memberId: string };

/** A new owner of a team with `seats` seats, and their own member id. */
async function ownerWithTeam(seats: number): Promise<Owner> {
  const owner = await teamOwner(seats);
  return { ...owner, memberId: await memberIdOf(owner, owner.email) };
}

/** A member's id, from the dashboard's page as its owner reads it. */
async function memberIdOf(owner: TestUser & { teamId: string }, email: string): Promise<string> {
  const page = await call('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
  const members = page.body.members as { email: string; member_id: string }[];
  const found = members.find((m) => m.email === email);
  if (!found) throw new Error(`${email} is not on the dashboard`);
  return found.member_id;
}

async function memberOf(owner: Owner): Promise<TestUser & { memberId: string }> {
  const { code } = await openLink(owner);
  const user = await signedInUser(newEmail('member'));
  const joined = await call('joinTeam', { token: user.token, params: { code } });
  expect(joined).toMatchObject({ status: 200, body: { team_id: owner.teamId } });
  return { ...user, memberId: await memberIdOf(owner, user.email) };
}

/** A valid request for each team route of `owner`'s team (bodies the contract accepts). */
function validRequest(id: RouteId, teamId: string, memberId: string): EventOptions {
  // Ids of the shapes the server makes (shared/path-params.ts), naming nothing: other shapes are 404 first.
  const params = { teamId, memberId, linkId: '00000000-0000-4000-8000-000000000000', code: 'no-such-code' };
  return { params, ...teamRouteBody(id) };
}

/** The routes that act on one team (all but create, mine and join). */
const teamScoped = teamRoutes.filter((id) => apiRoutes[id].path.includes('{teamId}'));
/** What a member may do in their own team: leave (remove themself); the rest is for owner and admins. */
const adminOnly = teamScoped.filter((id) => id !== 'removeMember');

let ownerA: Owner;
let ownerB: Owner;
let member: TestUser & { memberId: string };
let outsider: TestUser;

beforeAll(async () => {
  [ownerA, ownerB, outsider] = await Promise.all([ownerWithTeam(3), ownerWithTeam(3), signedInUser()]);
  member = await memberOf(ownerA);
});

const notFound = (a: RouteAnswer) =>
  expect(a, JSON.stringify(a.body)).toMatchObject({
    status: 404,
    body: { code: 'NOT_FOUND', msg: TEAM_MESSAGES.teamNotFound.en },
  });

describe('the teams group', () => {
  it('has the team routes of the table', () => {
    expect(teamRoutes.length).toBeGreaterThanOrEqual(15);
  });

  // The join code's preview is public (tests/handlers/team-join-preview.test.ts).
  it.each(teamRoutes.filter((id) => apiRoutes[id].access !== 'public'))(
    '%s answers 401 without a session',
    async (id) => {
      const res = await call(id, validRequest(id, ownerA.teamId, member.memberId));
      expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    },
  );
});

describe('someone outside the team', () => {
  it.each(teamScoped)('%s: the owner of another team gets 404 "Team not found"', async (id) => {
    notFound(await call(id, { token: ownerB.token, ...validRequest(id, ownerA.teamId, member.memberId) }));
  });

  it.each(teamScoped)('%s: an account in no team gets 404 too', async (id) => {
    notFound(await call(id, { token: outsider.token, ...validRequest(id, ownerA.teamId, member.memberId) }));
  });

  it('a download link made for another team opens nothing of this one (the edge refuses it)', async () => {
    for (const route of ['teamMembersCsv', 'teamHeadshotsZip'] as const) {
      const link = await call('createDownloadLink', {
        token: ownerB.token,
        body: { route, team_id: ownerB.teamId },
      });
      expect(link.status).toBe(200);
      // Owner B's own link, used on team A's route: the link's object is team B.
      const res = await call(route, {
        params: { teamId: ownerA.teamId },
        query: { token: link.body.token as string },
      });
      expect(res).toMatchObject({
        status: 403,
        body: { msg: 'This download link is for another file. Please download again from the app.' },
      });
      expect(res.raw).not.toContain(member.email);
    }
  });

  it('a member of another team sees nothing of this one either', async () => {
    const otherMember = await memberOf(ownerB);
    notFound(await call('teamMembers', { token: otherMember.token, params: { teamId: ownerA.teamId } }));
    notFound(await call('teamMembersCsv', { token: otherMember.token, params: { teamId: ownerA.teamId } }));
  });
});

describe('a member of the team', () => {
  it.each(adminOnly)('%s answers 403 to a member (owner and admins only)', async (id) => {
    const res = await call(id, { token: member.token, ...validRequest(id, ownerA.teamId, ownerA.memberId) });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect([TEAM_MESSAGES.notTeamAdmin.en, TEAM_MESSAGES.notTeamOwner.en]).toContain(res.body.msg);
  });

  it('cannot remove another member (403) but reads their own team (200)', async () => {
    const other = await memberOf(ownerA);
    const res = await call('removeMember', {
      token: member.token,
      params: { teamId: ownerA.teamId, memberId: other.memberId },
    });
    expect(res).toMatchObject({ status: 403, body: { msg: TEAM_MESSAGES.notTeamAdmin.en } });
    const mine = await call('myTeam', { token: member.token });
    expect(mine).toMatchObject({ status: 200, body: { team_id: ownerA.teamId, role: 'member' } });
    expect(mine.body.allowance_left).toBe(40);
  });

  it('an admin made by the owner may do the dashboard’s actions, but not the owner’s', async () => {
    const admin = await memberOf(ownerA);
    const made = await call('setMemberRole', {
      token: ownerA.token,
      params: { teamId: ownerA.teamId, memberId: admin.memberId },
      body: { role: 'admin' },
    });
    expect(made.status).toBe(200);
    const page = await call('teamMembers', { token: admin.token, params: { teamId: ownerA.teamId } });
    expect(page.status).toBe(200);
    const allowed = await call('setTeamAllowed', {
      token: admin.token,
      params: { teamId: ownerA.teamId },
      body: { styles: null, combos: null },
    });
    expect(allowed).toMatchObject({ status: 403, body: { msg: TEAM_MESSAGES.notTeamOwner.en } });
  });

  it('gets at most 10 extra retries on a seat: the 11th grant is refused (409) in the team’s words', async () => {
    const owner = await ownerWithTeam(1);
    const member = await memberOf(owner);
    const grant = () =>
      call('grantMemberRetry', {
        token: owner.token,
        params: { teamId: owner.teamId, memberId: member.memberId },
      });
    for (let i = 1; i <= 10; i++)
      expect(await grant()).toMatchObject({ status: 200, body: { allowance_left: 40 + i } });
    expect(await grant()).toMatchObject({
      status: 409,
      body: { code: 'RETRY_CAP_REACHED', msg: TEAM_MESSAGES.retryCapReached.en },
    });
    const mine = await call('myTeam', { token: member.token });
    expect(mine.body.allowance_left).toBe(50);
  });
});

describe('bodies', () => {
  const bad: [RouteId, string, unknown][] = [
    ['createTeam', 'an empty name', { name: '' }],
    ['createTeam', 'a name over 100 characters', { name: 'x'.repeat(101) }],
    ['createTeam', 'a field it does not know', { name: 'Acme', extra: 1 }],
    ['teamSeatCheckout', '0 seats', { quantity: 0 }],
    ['teamSeatCheckout', '501 seats', { quantity: 501 }],
    ['teamSeatCheckout', 'half a seat', { quantity: 1.5 }],
    ['teamInvites', 'no address', { emails: [] }],
    ['teamInvites', '501 addresses', { emails: Array.from({ length: 501 }, (_, i) => `p${i}@example.test`) }],
    ['createInviteLink', 'no domain', { domains: [], max_uses: 2, expires_in_days: 3 }],
    ['createInviteLink', 'a cap of 0', { domains: ['example.test'], max_uses: 0, expires_in_days: 3 }],
    ['createInviteLink', '91 days', { domains: ['example.test'], max_uses: 2, expires_in_days: 91 }],
    ['createInviteLink', '0 days', { domains: ['example.test'], max_uses: 2, expires_in_days: 0 }],
    ['setTeamAllowed', 'no combos field', { styles: null }],
    [
      'setTeamAllowed',
      'a backdrop that does not exist',
      { styles: null, combos: [{ backdrop: 'moon', outfit: 'suit' }] },
    ],
    ['setMemberRole', 'the owner role', { role: 'owner' }],
    ['setTeamLanguage', 'a language the product does not speak', { lang: 'de' }],
  ];

  it.each(bad)('%s refuses %s with 400 and its reason', async (id, _what, body) => {
    const token = id === 'createTeam' ? outsider.token : ownerA.token;
    const res = await call(id, { token, params: { teamId: ownerA.teamId, memberId: member.memberId }, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.msg).toBeTruthy();
  });

  it('a domain that is not one is refused with the team’s words (400)', async () => {
    const res = await call('createInviteLink', {
      token: ownerA.token,
      params: { teamId: ownerA.teamId },
      body: { domains: ['not a domain'], max_uses: 2, expires_in_days: 3 },
    });
    expect(res).toMatchObject({ status: 400, body: { msg: TEAM_MESSAGES.invalidDomain.en } });
  });
});

describe('an owner’s own seat and the team’s open links', () => {
  it('the owner takes a seat (200, then 409), reads it on the team, and gives it back', async () => {
    const owner = await ownerWithTeam(1);
    const params = { teamId: owner.teamId };
    expect(await call('takeTeamSeat', { token: owner.token, params })).toMatchObject({
      status: 200,
      body: { success: true, allowance_left: 40 },
    });
    expect(await call('takeTeamSeat', { token: owner.token, params })).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_SEATED', msg: TEAM_MESSAGES.alreadySeated.en },
    });
    expect(await call('myTeam', { token: owner.token })).toMatchObject({
      status: 200,
      body: { seats_used: 1, allowance_left: 40 },
    });
    expect(await call('giveBackTeamSeat', { token: owner.token, params })).toMatchObject({
      status: 200,
      body: { success: true, seat_freed: true },
    });
    expect(await call('giveBackTeamSeat', { token: owner.token, params })).toMatchObject({
      status: 404,
      body: { msg: TEAM_MESSAGES.noOwnSeat.en },
    });
    // The one seat taken by a member: none left for the owner (409 in the team's words).
    await memberOf(owner);
    expect(await call('takeTeamSeat', { token: owner.token, params })).toMatchObject({
      status: 409,
      body: { code: 'NO_SEAT', msg: TEAM_MESSAGES.noSeatToTake.en },
    });
  });

  it('lists the open links without their codes (200)', async () => {
    const owner = await ownerWithTeam(1);
    const made = await call('createInviteLink', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { domains: ['example.test'], max_uses: 5, expires_in_days: 7 },
    });
    const res = await call('teamInviteLinks', { token: owner.token, params: { teamId: owner.teamId } });
    expect(res).toMatchObject({
      status: 200,
      body: {
        links: [
          {
            link_id: made.body.link_id,
            domains: ['example.test'],
            uses: 0,
            max_uses: 5,
            created_by: owner.email,
          },
        ],
      },
    });
    expect(res.raw).not.toContain(made.body.code as string);
  });
});
