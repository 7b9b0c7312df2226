// Teams and privacy (docs/faces.md, "Teams"): a member's deleted account takes their team avatars with it;
// the dashboard keeps their row as "left" with nothing of the account (no id, no chosen avatar, and the
// address only when the team itself invited it); a seat they never generated with goes back to the team.
import { describe, expect, it } from 'vitest';
import { callRoute } from '../support/api.ts';
import { activeStyles, createBody, creator, waitForTasks } from '../support/avatars.ts';
import { deletionDone, mentioning, wholeTable } from '../support/privacy-jobs.ts';
import { join, openLink, ownerWithTeam, teamItem } from '../support/teams.ts';

const PASSWORD = 'a team photo on a quiet afternoon';

/** A member with photos and a password (the deletion asks for it), joined to the owner's team. */
async function member(owner: { token: string; teamId: string }) {
  const user = await creator({ ltd: 0 });
  const link = await openLink(owner.token, owner.teamId, { domains: [user.email.split('@')[1] as string] });
  expect((await join(user.token, link.code)).status).toBe(200);
  const set = await callRoute('changePassword', { token: user.token, body: { new_password: PASSWORD } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { ...user, token: set.body.access_token };
}

const deleteAccount = async (token: string) => {
  const res = await callRoute('deleteAccount', { token, body: { password: PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return deletionDone(res.body.deletion.id);
};

describe("a member's account deleted", () => {
  it('removes their team avatars; the dashboard shows them as left, with nothing of the account', async () => {
    const owner = await ownerWithTeam(2);
    const [maker, idle] = await Promise.all([member(owner), member(owner)]);
    const plain = (await activeStyles()).find((s) => !s.accepts_choices) as { id: number; prompt: string };
    const made = await callRoute('createTasksBatch', { token: maker.token, body: createBody([plain]) });
    expect(made.status).toBe(200);
    const [task] = await waitForTasks(maker.token, made.body.task_ids, 60_000);
    expect(task?.status).toBe('DONE');
    await callRoute('setChosen', {
      token: maker.token,
      params: { taskId: task?.id as string },
      body: { chosen: true },
    });
    expect((await teamItem(owner.teamId)).seats_used).toBe(2);

    await Promise.all([deleteAccount(maker.token), deleteAccount(idle.token)]);

    const rows = (await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } }))
      .body.members;
    const left = rows.filter((r) => r.status === 'left');
    expect(left).toHaveLength(2);
    // Joined by link: the team keeps no address of theirs, and the row says so (teams.ts memberView).
    for (const r of left)
      expect(r).toMatchObject({
        name: 'A member (account deleted)',
        email: '',
        chosen: null,
        has_seat: false,
      });
    // Nothing of either account is left anywhere in the table: their team avatars went with their partition.
    const table = await wholeTable();
    expect(mentioning(table, maker.userId, maker.email, idle.userId, idle.email)).toEqual([]);
    expect(mentioning(table, task?.id as string)).toEqual([]);
    // The seat that made an avatar was used; the idle one's came back.
    expect((await teamItem(owner.teamId)).seats_used).toBe(1);
  }, 180_000);
});
