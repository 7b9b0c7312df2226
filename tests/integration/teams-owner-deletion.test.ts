// A team owner deletes their account (docs/product.md, "Teams"): the team goes to its longest-serving admin
// in one transaction; with no admin it is dissolved: every member's pointer and row, the invitations and
// links go, the members keep their team avatars as their own, and the dashboard and join links answer 404
// saying the team no longer exists. Nothing of the owner stays either way.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { activatedUser, callRoute, newEmail, stack } from '../support/api.ts';
import { activeStyles, createBody, creator, testDb, userIdOf, waitForTasks } from '../support/avatars.ts';
import { deletionDone, mentioning, wholeTable } from '../support/privacy-jobs.ts';
import { join, openLink, ownerWithTeam } from '../support/teams.ts';

const PASSWORD = 'the owner of a team on a quiet afternoon';

/** A password on the account (the deletion asks for it); the new session. */
async function withPassword<U extends { token: string }>(user: U): Promise<U> {
  const set = await callRoute('changePassword', { token: user.token, body: { new_password: PASSWORD } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { ...user, token: set.body.access_token };
}

async function deleteAccount(token: string) {
  const res = await callRoute('deleteAccount', { token, body: { password: PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return deletionDone(res.body.deletion.id);
}

/** A member who joined by an open link; with photos when they are to create avatars. */
async function joined(owner: { token: string; teamId: string }, o: { photos?: boolean } = {}) {
  const user = o.photos ? await creator({ ltd: 0 }) : { ...(await activatedUser(newEmail('member'))) };
  const link = await openLink(owner.token, owner.teamId, { domains: [user.email.split('@')[1] as string] });
  expect((await join(user.token, link.code)).status).toBe(200);
  const rows = (await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } })).body
    .members;
  const me = rows.find((r) => r.email === user.email);
  return { ...user, userId: userIdOf(user.token), memberId: me?.member_id as string };
}

const pointerOf = async (userId: string) =>
  (
    await testDb().send(
      new GetCommand({
        TableName: stack().tableName,
        Key: { pk: `USER#${userId}`, sk: 'TEAM' },
        ConsistentRead: true,
      }),
    )
  ).Item;

describe("a team owner's account deleted", () => {
  it('hands the team to the longest-serving admin, in one go', async () => {
    const owner = await withPassword(await ownerWithTeam(3));
    const ownerId = userIdOf(owner.token);
    const [first, second, plain] = [await joined(owner), await joined(owner), await joined(owner)];
    // `second` joined later but has been an admin longer: serving as an admin is what counts.
    for (const m of [second, first]) {
      const made = await callRoute('setMemberRole', {
        token: owner.token,
        params: { teamId: owner.teamId, memberId: m.memberId },
        body: { role: 'admin' },
      });
      expect(made.status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
    }

    await deleteAccount(owner.token);

    const mine = await callRoute('myTeam', { token: second.token });
    expect(mine.body).toMatchObject({ team_id: owner.teamId, role: 'owner', seats_total: 3, seats_used: 3 });
    expect((await callRoute('myTeam', { token: first.token })).body.role).toBe('admin');
    expect((await callRoute('myTeam', { token: plain.token })).body.role).toBe('member');
    // The new owner has the owner's powers; the old owner's row says "left", without the account.
    const allowed = await callRoute('setTeamAllowed', {
      token: second.token,
      params: { teamId: owner.teamId },
      body: { styles: null, combos: null },
    });
    expect(allowed.status).toBe(200);
    const rows = (await callRoute('teamMembers', { token: second.token, params: { teamId: owner.teamId } }))
      .body.members;
    expect(rows.filter((r) => r.status === 'left')).toEqual([
      expect.objectContaining({
        name: TEAM_MESSAGES.deletedMember.en,
        email: '',
        role: 'owner',
        chosen: null,
      }),
    ]);
    expect(rows.find((r) => r.member_id === second.memberId)?.role).toBe('owner');
    expect(mentioning(await wholeTable(), ownerId, owner.email)).toEqual([]);
  }, 120_000);

  it('with no admin, dissolves the team: members keep their avatars, links and the dashboard say so', async () => {
    const owner = await withPassword(await ownerWithTeam(3, { domains: ['example.test'] }));
    const ownerId = userIdOf(owner.token);
    const maker = await joined(owner, { photos: true });
    const idle = await joined(owner);
    const link = await openLink(owner.token, owner.teamId, { domains: ['example.test'] });
    const invited = await callRoute('teamInvites', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { emails: [newEmail('invitee')] },
    });
    expect(invited.body.invited).toHaveLength(1);
    const plain = (await activeStyles()).find((s) => !s.accepts_choices) as { id: number; prompt: string };
    const made = await callRoute('createTasksBatch', { token: maker.token, body: createBody([plain]) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [task] = await waitForTasks(maker.token, made.body.task_ids, 60_000);
    expect(task?.status).toBe('DONE');
    const chose = await callRoute('setChosen', {
      token: maker.token,
      params: { taskId: task?.id as string },
      body: { chosen: true },
    });
    expect(chose.status).toBe(200);

    await deleteAccount(owner.token);

    const gone = { status: 404, body: { msg: TEAM_MESSAGES.teamDissolved.en } };
    for (const m of [maker, idle]) {
      expect(await pointerOf(m.userId)).toBeUndefined();
      expect((await callRoute('myTeam', { token: m.token })).body.msg).toBe(TEAM_MESSAGES.noTeam.en);
      // Their former team's dashboard and CSV say what happened.
      expect(
        await callRoute('teamMembers', { token: m.token, params: { teamId: owner.teamId } }),
      ).toMatchObject(gone);
    }
    // The open link, for someone of the company's domain: the team no longer exists.
    const newcomer = await activatedUser(newEmail('newcomer'));
    expect(await join(newcomer.token, link.code)).toMatchObject(gone);
    // The member's team avatar is theirs, no longer marked for a team; they create with their own tokens.
    const tasks = (await callRoute('userTasks', { token: maker.token })).body.tasks;
    const kept = tasks.find((t) => t.id === task?.id);
    expect(kept).toMatchObject({ status: 'DONE' });
    expect(kept?.team_chosen ?? false).toBe(false);
    // Nothing of the owner anywhere; of the team only its tombstone, the join codes (expiring) and the
    // maker's row stripped of the account (kept a day for a render in flight, then expired by the table).
    // The maker's avatar still says which team paid for it: it is in their own partition.
    const table = await wholeTable();
    expect(mentioning(table, ownerId, owner.email)).toEqual([]);
    const teams = mentioning(table, owner.teamId).filter((i) => String(i.pk).startsWith('TEAM'));
    expect(
      teams
        .map((i) => String(i.sk))
        .filter((sk) => sk !== 'CODE')
        .sort(),
    ).toEqual([`MEMBER#${maker.memberId}`, 'TEAM']);
    for (const item of teams) {
      expect(item.user_id, String(item.sk)).toBeUndefined();
      expect(JSON.stringify(item)).not.toContain('@');
      expect(item.expires_at, String(item.sk)).toBeDefined();
    }
  }, 180_000);
});
