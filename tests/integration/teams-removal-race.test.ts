// Teams, a member's create racing an admin's removal of that member (docs/product.md, "Teams"): the
// create spends the allowance only while the seat is held (functions/teams/dynamodb/team-payers.ts,
// memberAllowanceChange), and the removal gives the seat back only if the member spent nothing, as read
// (functions/teams/dynamodb/team-store.ts, removeMember). Whichever commits first, never both: a batch
// paid by the team and a seat freed back to the team.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Style } from '#shared/api-schemas.ts';
import { callRoute, stack } from '../support/api.ts';
import { activeStyles, balanceOf, createBody, creator, testDb } from '../support/avatars.ts';
import { selfies } from '../support/face-fixtures.ts';
import { join, openLink, ownerWithTeam, teamItem } from '../support/teams.ts';

const ROUNDS = 16;

/** A member with photos and no tokens of their own (so only the team can pay), joined to the team. */
async function seatedMember(owner: { token: string; teamId: string }) {
  const user = await creator({ ltd: 0 });
  const link = await openLink(owner.token, owner.teamId, { domains: [user.email.split('@')[1] as string] });
  const joined = await join(user.token, link.code);
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  const pointer = await testDb().send(
    new GetCommand({
      TableName: stack().tableName,
      Key: { pk: `USER#${user.userId}`, sk: 'TEAM' },
      ConsistentRead: true,
    }),
  );
  return { ...user, memberId: String(pointer.Item?.member_id) };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let styles: Style[];
beforeAll(async () => {
  await selfies();
  styles = (await activeStyles()).filter((s) => !s.accepts_choices && s.token_cost === 1).slice(0, 2);
}, 120_000);

describe('a create racing the removal of its member', () => {
  it('never both spends the allowance and frees the seat; seats, allowance and tasks agree', async () => {
    const owner = await ownerWithTeam(ROUNDS + 1);
    // The create's own latency, to spread the removals across it: sent together, the removal (one read,
    // one transaction) lands well before the create's transaction (styles, photos, caps, then its own).
    const probe = await seatedMember(owner);
    const started = Date.now();
    const first = await callRoute('createTasksBatch', { token: probe.token, body: createBody(styles) });
    const createMs = Date.now() - started;
    expect(first.status).toBe(200);

    const members = [];
    for (let i = 0; i < ROUNDS; i += 4)
      members.push(
        ...(await Promise.all(Array.from({ length: Math.min(4, ROUNDS - i) }, () => seatedMember(owner)))),
      );
    const outcomes: string[] = [];
    // Round 0 sends both at once. Then a staircase: the removal goes later after it won, earlier after it
    // lost, so the rounds keep to where the two transactions meet (the removal's read before the create's
    // transaction, its own after).
    const step = Math.max(2, Math.round(createMs / 15));
    let delay = 0;
    for (const [round, m] of members.entries()) {
      if (round > 0) delay = Math.max(0, delay + (outcomes[round - 1] === 'removed' ? step : -step));
      const seatsBefore = Number((await teamItem(owner.teamId)).seats_used);
      const [created, removed] = await Promise.all([
        callRoute('createTasksBatch', { token: m.token, body: createBody(styles) }),
        pause(delay).then(() =>
          callRoute('removeMember', {
            token: owner.token,
            params: { teamId: owner.teamId, memberId: m.memberId },
          }),
        ),
      ]);
      const where = `round ${round} (removal after ${delay} ms): create ${created.status} ${JSON.stringify(created.body)}, remove ${removed.status}`;
      expect(removed.status, where).toBe(200);
      expect([200, 403], where).toContain(created.status);
      const member = await teamItem(owner.teamId, `MEMBER#${m.memberId}`);
      const seatsAfter = Number((await teamItem(owner.teamId)).seats_used);
      const teamTasks = (await callRoute('userTasks', { token: m.token })).body.tasks.filter(
        (t) => t.team_id === owner.teamId,
      );
      expect(member.left_at, where).toBeDefined();
      expect(await balanceOf(m.token), where).toEqual({ ltd: 0, subscription: 0 });
      if (created.status === 200) {
        // Paid by the team before the removal: the seat was used and stays counted.
        expect(created.body.paid_by, where).toBe('team');
        expect(member.allowance_spent, where).toBe(styles.length);
        expect(teamTasks.map((t) => t.id).sort(), where).toEqual([...created.body.task_ids].sort());
        expect(seatsAfter, where).toBe(seatsBefore);
        outcomes.push('created');
      } else {
        // Removed first: nothing spent, no task, and the unused seat back with the team.
        // Refused by the transaction's seat condition, or read as no member at all and short of tokens.
        expect(['TEAM_ALLOWANCE_USED', 'NOT_ENOUGH_TOKENS'], where).toContain(created.body.code);
        expect(member.allowance_spent, where).toBe(0);
        expect(teamTasks, where).toEqual([]);
        expect(seatsAfter, where).toBe(seatsBefore - 1);
        outcomes.push('removed');
      }
    }
    console.log(
      `create ${createMs} ms, step ${step} ms; ${outcomes.filter((o) => o === 'created').length} rounds created then kept the seat, ${outcomes.filter((o) => o === 'removed').length} removed first and freed it`,
    );
  }, 300_000);
});
