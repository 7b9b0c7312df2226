// Teams, joining (docs/product.md, "Teams"): a join takes one seat atomically, an open link admits exactly
// its domains, up to its cap and until it expires or is revoked; an invited address joins outside the
// domains; one team per person; removing a member who generated nothing frees their seat.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { activatedUser, callRoute, newEmail, stack } from '../support/api.ts';
import { testDb } from '../support/avatars.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { join, memberOf, openLink, ownerWithTeam, teamItem } from '../support/teams.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

describe('seats', () => {
  it('20 concurrent joins for 3 free seats give exactly 3 members; the others hear there is no seat', async () => {
    const owner = await ownerWithTeam(3);
    const link = await openLink(owner.token, owner.teamId, { max_uses: 100 });
    const people = await Promise.all(Array.from({ length: 20 }, () => activatedUser(newEmail('racer'))));
    const answers = await Promise.all(people.map((p) => join(p.token, link.code)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.msg).toBe('No seat left: ask your team admin');
      expect(a.body.code).toBe('NO_SEAT');
    }
    expect((await teamItem(owner.teamId)).seats_used).toBe(3);
    const members = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
    expect(members.body.members.filter((m) => m.role === 'member')).toHaveLength(3);
    expect(members.body).toMatchObject({ seats_total: 3, seats_used: 3 });
    // The link counted the 3 joins only.
    expect((await teamItem(owner.teamId, `LINK#${link.link_id}`)).uses).toBe(3);
  }, 120_000);

  it('says "no seat left" in French to a French account', async () => {
    const owner = await ownerWithTeam(0);
    const link = await openLink(owner.token, owner.teamId);
    const email = newEmail('fr');
    const token = await createLocalAccount(stack(), email, { lang: 'fr' });
    const res = await join(token, link.code);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(TEAM_MESSAGES.noSeat.fr);
  }, 60_000);

  it('a member removed before generating anything frees their seat for someone else', async () => {
    const owner = await ownerWithTeam(1);
    const first = await memberOf(owner);
    expect((await teamItem(owner.teamId)).seats_used).toBe(1);
    const link = await openLink(owner.token, owner.teamId);
    const second = await activatedUser(newEmail('second'));
    expect((await join(second.token, link.code)).status).toBe(409);
    const removed = await callRoute('removeMember', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId: first.memberId },
    });
    expect(removed.status).toBe(200);
    expect((await teamItem(owner.teamId)).seats_used).toBe(0);
    expect((await join(second.token, link.code)).status).toBe(200);
    // The removed member's account stays, outside any team; the dashboard shows them as left.
    expect((await callRoute('myTeam', { token: first.token })).status).toBe(404);
    expect((await callRoute('userInfo', { token: first.token })).status).toBe(200);
    const rows = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
    expect(rows.body.members.find((m) => m.member_id === first.memberId)?.status).toBe('left');
  }, 60_000);

  it('a member who generated keeps the seat used when removed', async () => {
    const owner = await ownerWithTeam(1);
    const m = await memberOf(owner);
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `TEAM#${owner.teamId}`, sk: `MEMBER#${m.memberId}` },
        UpdateExpression: 'SET allowance_spent = :one, allowance_left = :left',
        ExpressionAttributeValues: { ':one': 1, ':left': 39 },
      }),
    );
    const removed = await callRoute('removeMember', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId: m.memberId },
    });
    expect(removed.status).toBe(200);
    expect((await teamItem(owner.teamId)).seats_used).toBe(1);
  }, 60_000);
});

describe('an open link', () => {
  it('admits exactly its domains, whatever the case; subdomains, longer names and look-alikes are refused', async () => {
    const domain = `acme-${tag()}.test`;
    const owner = await ownerWithTeam(10);
    const link = await openLink(owner.token, owner.teamId, { domains: [domain.toUpperCase()] });
    for (const email of [
      `ana-${tag()}@${domain}.evil.example`,
      `ana-${tag()}@evil${domain}`,
      `ana-${tag()}@mail.${domain}`,
      // A Cyrillic "а" in place of the Latin one: the account holds it in punycode, another domain.
      `ana-${tag()}@${new URL(`http://${domain.replace('a', '\u0430')}/`).hostname}`,
    ]) {
      const user = await activatedUser(email);
      const res = await join(user.token, link.code);
      expect(res.status, email).toBe(403);
      expect(res.body.code).toBe('DOMAIN_NOT_ALLOWED');
      expect(res.body.msg).toBe(TEAM_MESSAGES.domainRefused.en);
    }
    // The link was made with the domain in capitals: an address of that domain joins.
    const user = await activatedUser(`ana-${tag()}@${domain}`);
    expect((await join(user.token, link.code)).status).toBe(200);
  }, 120_000);

  it('is refused for a trailing dot, a wildcard or a bare name as a domain', async () => {
    const owner = await ownerWithTeam(1);
    for (const domains of [['acme.test.'], ['*.acme.test'], ['acme']]) {
      const res = await callRoute('createInviteLink', {
        token: owner.token,
        params: { teamId: owner.teamId },
        body: { domains, max_uses: 2, expires_in_days: 7 },
      });
      expect(res.status, domains[0]).toBe(400);
    }
  }, 60_000);

  it('admits an invited address outside its domains', async () => {
    const owner = await ownerWithTeam(2);
    const outsider = newEmail('outsider').replace('@example.test', `@other-${tag()}.test`);
    const invites = await callRoute('teamInvites', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { emails: [outsider] },
    });
    expect(invites.body.invited).toEqual([outsider]);
    const link = await openLink(owner.token, owner.teamId, { domains: ['acme-only.test'] });
    const user = await activatedUser(outsider);
    expect((await join(user.token, link.code)).status).toBe(200);
  }, 60_000);

  it('stops at its cap of uses (409), then after its expiry (403), and once revoked (403)', async () => {
    const owner = await ownerWithTeam(10);
    const link = await openLink(owner.token, owner.teamId, { max_uses: 2 });
    const [a, b, c] = (await Promise.all([1, 2, 3].map(() => activatedUser(newEmail('cap'))))) as [
      { email: string; token: string },
      { email: string; token: string },
      { email: string; token: string },
    ];
    expect((await join(a.token, link.code)).status).toBe(200);
    expect((await join(b.token, link.code)).status).toBe(200);
    const third = await join(c.token, link.code);
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('LINK_CAP_REACHED');
    expect(third.body.msg).toBe(TEAM_MESSAGES.capReached.en);

    const expiring = await openLink(owner.token, owner.teamId, { expires_in_days: 1 });
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `TEAM#${owner.teamId}`, sk: `LINK#${expiring.link_id}` },
        UpdateExpression: 'SET link_expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const late = await join(c.token, expiring.code);
    expect(late.status).toBe(403);
    expect(late.body.msg).toBe(TEAM_MESSAGES.linkExpired.en);

    const revoked = await openLink(owner.token, owner.teamId);
    const del = await callRoute('revokeInviteLink', {
      token: owner.token,
      params: { teamId: owner.teamId, linkId: revoked.link_id },
    });
    expect(del.status).toBe(200);
    const refused = await join(c.token, revoked.code);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(TEAM_MESSAGES.linkRevoked.en);
    // A code that was never issued is not found.
    expect((await join(c.token, 'x'.repeat(43))).status).toBe(404);
  }, 90_000);

  it('is stored by its hash only: the code is nowhere in the table', async () => {
    const owner = await ownerWithTeam(1);
    const link = await openLink(owner.token, owner.teamId);
    const item = await teamItem(owner.teamId, `LINK#${link.link_id}`);
    expect(JSON.stringify(item)).not.toContain(link.code);
    expect(link.url).toContain(`/app/team?code=${link.code}`);
  }, 60_000);
});

describe('one team per person', () => {
  it('a member of one team cannot join another, nor create one (409)', async () => {
    const first = await ownerWithTeam(2);
    const m = await memberOf(first);
    const second = await ownerWithTeam(2);
    const link = await openLink(second.token, second.teamId);
    const res = await join(m.token, link.code);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(TEAM_MESSAGES.alreadyInTeam.en);
    const create = await callRoute('createTeam', { token: m.token, body: { name: 'Mine' } });
    expect(create.status).toBe(409);
    const mine = await callRoute('myTeam', { token: m.token });
    expect(mine.body).toMatchObject({
      team_id: first.teamId,
      role: 'member',
      member_id: m.memberId,
      allowance_left: 40,
    });
  }, 90_000);
});

describe('who may do what', () => {
  it("an admin of another team gets 404 for this team's members, links and invitations", async () => {
    const a = await ownerWithTeam(2);
    const am = await memberOf(a);
    const b = await ownerWithTeam(2);
    const teamId = a.teamId;
    const memberId = am.memberId;
    const calls = [
      callRoute('teamMembers', { token: b.token, params: { teamId } }),
      callRoute('teamInvites', { token: b.token, params: { teamId }, body: { emails: [newEmail()] } }),
      callRoute('createInviteLink', {
        token: b.token,
        params: { teamId },
        body: { domains: ['example.test'], max_uses: 1, expires_in_days: 1 },
      }),
      callRoute('remindMember', { token: b.token, params: { teamId, memberId } }),
      callRoute('grantMemberRetry', { token: b.token, params: { teamId, memberId } }),
      callRoute('removeMember', { token: b.token, params: { teamId, memberId } }),
      callRoute('setTeamAllowed', {
        token: b.token,
        params: { teamId },
        body: { styles: null, combos: null },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(TEAM_MESSAGES.teamNotFound.en);
    }
  }, 90_000);

  it('a member gets 403 on admin actions; an admin made by the owner may act, not change the rules', async () => {
    const owner = await ownerWithTeam(3);
    const m = await memberOf(owner);
    const other = await memberOf(owner);
    const teamId = owner.teamId;
    const asMember = [
      callRoute('teamMembers', { token: m.token, params: { teamId } }),
      callRoute('teamInvites', { token: m.token, params: { teamId }, body: { emails: [newEmail()] } }),
      callRoute('remindMember', { token: m.token, params: { teamId, memberId: other.memberId } }),
      callRoute('grantMemberRetry', { token: m.token, params: { teamId, memberId: other.memberId } }),
      callRoute('removeMember', { token: m.token, params: { teamId, memberId: other.memberId } }),
      callRoute('setTeamAllowed', {
        token: m.token,
        params: { teamId },
        body: { styles: [1], combos: null },
      }),
    ];
    for (const res of await Promise.all(asMember)) expect(res.status).toBe(403);

    const made = await callRoute('setMemberRole', {
      token: owner.token,
      params: { teamId, memberId: m.memberId },
      body: { role: 'admin' },
    });
    expect(made.status).toBe(200);
    expect((await callRoute('teamMembers', { token: m.token, params: { teamId } })).status).toBe(200);
    const rules = await callRoute('setTeamAllowed', {
      token: m.token,
      params: { teamId },
      body: { styles: [1], combos: null },
    });
    expect(rules.status).toBe(403);
    expect(rules.body.msg).toBe(TEAM_MESSAGES.notTeamOwner.en);
  }, 90_000);
});

describe('the dashboard', () => {
  it('reminds a member at most once a day, and grants a retry', async () => {
    const owner = await ownerWithTeam(1);
    const m = await memberOf(owner);
    const params = { teamId: owner.teamId, memberId: m.memberId };
    expect((await callRoute('remindMember', { token: owner.token, params })).status).toBe(200);
    const again = await callRoute('remindMember', { token: owner.token, params });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(TEAM_MESSAGES.remindedToday.en);
    const retry = await callRoute('grantMemberRetry', { token: owner.token, params });
    expect(retry.body).toEqual({ success: true, allowance_left: 41 });
  }, 60_000);

  it('pages through members with a team-keyed cursor; invitations are reported, duplicates and members skipped', async () => {
    const owner = await ownerWithTeam(5);
    const m = await memberOf(owner);
    const fresh = [newEmail('inv'), newEmail('inv'), newEmail('inv')];
    const res = await callRoute('teamInvites', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { emails: [...fresh, fresh[0] as string, m.email, 'not an email'] },
    });
    expect(res.body.invited).toEqual(fresh);
    expect(res.body.skipped).toEqual([
      { email: fresh[0], reason: 'duplicate' },
      { email: 'not an email', reason: 'invalid' },
      { email: m.email, reason: 'member' },
    ]);
    const second = await callRoute('teamInvites', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { emails: [fresh[1] as string] },
    });
    expect(second.body).toEqual({ invited: [], skipped: [{ email: fresh[1], reason: 'already_invited' }] });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof callRoute<'teamMembers'>>> = await callRoute('teamMembers', {
        token: owner.token,
        params: { teamId: owner.teamId },
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      expect(page.body.members.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.members.map((x) => `${x.email}:${x.status}`));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(
      [`${owner.email}:joined`, `${m.email}:joined`, ...fresh.map((e) => `${e}:invited`)].sort(),
    );
  }, 60_000);

  it('an invitation joins that address only, by its emailed link', async () => {
    const owner = await ownerWithTeam(2);
    const invitee = newEmail('invitee');
    await callRoute('teamInvites', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { emails: [invitee] },
    });
    const { mailsTo } = await import('../support/api.ts');
    const [mail] = await mailsTo(invitee);
    const code = /\/app\/team\?code=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(code).toBeTruthy();
    const someoneElse = await activatedUser(newEmail('else'));
    expect((await join(someoneElse.token, code)).status).toBe(403);
    const user = await activatedUser(invitee);
    expect((await join(user.token, code)).status).toBe(200);
    expect((await join(user.token, code)).status).toBe(409);
  }, 60_000);
});
