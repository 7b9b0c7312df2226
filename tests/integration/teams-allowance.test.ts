// Teams, the allowance (docs/product.md, "Teams"): a member's creates are paid by their team allowance
// (40 avatars per seat), never their tokens, in the same transaction as the tasks; refused outside the
// team's styles and combinations; given back to the allowance by a failure and by the likeness guarantee,
// once; a finished team avatar can be chosen, and then only that one shows on the dashboard.
import { join as joinPath } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Style } from '#shared/api-schemas.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { DynamoTaskStore } from '../../functions/generation/dynamodb/task-store.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  activeStyles,
  balanceOf,
  createBody,
  creator,
  ledgerOf,
  testDb,
  waitForTasks,
} from '../support/avatars.ts';
import { FACE_FIXTURE_DIR, selfies } from '../support/face-fixtures.ts';
import { join, openLink, ownerWithTeam, teamItem } from '../support/teams.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

type Member = Awaited<ReturnType<typeof creator>> & { memberId: string };

/** A member with photos and a personal balance, joined to the owner's team. */
async function teamCreator(owner: { token: string; teamId: string }, balance = { ltd: 5 }): Promise<Member> {
  const user = await creator(balance);
  const link = await openLink(owner.token, owner.teamId, { domains: [user.email.split('@')[1] as string] });
  const joined = await join(user.token, link.code);
  if (joined.status !== 200) throw new Error(`join: ${JSON.stringify(joined.body)}`);
  const pointer = await testDb().send(
    new (await import('@aws-sdk/lib-dynamodb')).GetCommand({
      TableName: stack().tableName,
      Key: { pk: `USER#${user.userId}`, sk: 'TEAM' },
      ConsistentRead: true,
    }),
  );
  return { ...user, memberId: String(pointer.Item?.member_id) };
}

const memberItem = (teamId: string, memberId: string) => teamItem(teamId, `MEMBER#${memberId}`);

let styles: Style[];
let plain: Style;
let other: Style;
let takes: Style;
let someoneElse: WorkerHarness;
let parked: WorkerHarness;
beforeAll(async () => {
  await selfies();
  styles = await activeStyles();
  [plain, other] = styles.filter((s) => !s.accepts_choices && s.token_cost === 1) as [Style, Style];
  takes = styles.find((s) => s.accepts_choices) as Style;
  [someoneElse, parked] = await Promise.all([
    startWorkerHarness({
      localRenderer: true,
      env: { LOCAL_RENDERER_FACE: joinPath(FACE_FIXTURE_DIR, 'person-13.jpg') },
    }),
    startWorkerHarness({ localRenderer: true }),
  ]);
}, 120_000);
afterAll(() => Promise.all([someoneElse, parked].map((h) => h?.stop())));

describe('a member creates from the team allowance', { timeout: 120_000 }, () => {
  it('spends avatars of the allowance, not tokens, and the dashboard follows; the chosen one shows', async () => {
    const owner = await ownerWithTeam(2);
    const m = await teamCreator(owner);
    const res = await callRoute('createTasksBatch', { token: m.token, body: createBody([plain, other]) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tokens_spent: 0, tokens_left: 5, paid_by: 'team', allowance_left: 38 });
    expect(await balanceOf(m.token)).toEqual({ ltd: 5, subscription: 0 });
    expect((await ledgerOf(m.token)).filter((r) => r.reason === 'generation')).toEqual([]);
    expect(await memberItem(owner.teamId, m.memberId)).toMatchObject({
      allowance_left: 38,
      allowance_spent: 2,
    });
    expect((await callRoute('myTeam', { token: m.token })).body.allowance_left).toBe(38);

    const tasks = await waitForTasks(m.token, res.body.task_ids, 60_000);
    expect(tasks.map((t) => t.status)).toEqual(['DONE', 'DONE']);
    const rows = async () =>
      (await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } })).body.members;
    const row = async () => (await rows()).find((x) => x.member_id === m.memberId);
    // Before choosing: the status only, no avatar.
    expect(await row()).toMatchObject({ status: 'done', chosen: null, allowance_left: 38 });

    const picked = tasks[0]?.id as string;
    const chosen = await callRoute('setChosen', {
      token: m.token,
      params: { taskId: picked },
      body: { chosen: true },
    });
    expect(chosen.body).toEqual({ success: true, task_id: picked, chosen: true });
    expect(await row()).toMatchObject({ status: 'chosen', chosen: { task_id: picked } });
    // The member's gallery marks the team avatars and the chosen one; choosing another moves the mark.
    const gallery = async () =>
      (await callRoute('userTasks', { token: m.token })).body.tasks.map((t) => [
        t.id,
        t.team_id,
        t.team_chosen,
      ]);
    expect(await gallery()).toEqual(
      expect.arrayContaining([
        [picked, owner.teamId, true],
        [tasks[1]?.id, owner.teamId, false],
      ]),
    );
    await callRoute('setChosen', {
      token: m.token,
      params: { taskId: tasks[1]?.id as string },
      body: { chosen: true },
    });
    expect(await gallery()).toEqual(
      expect.arrayContaining([
        [picked, owner.teamId, false],
        [tasks[1]?.id, owner.teamId, true],
      ]),
    );
    expect(await row()).toMatchObject({ chosen: { task_id: tasks[1]?.id } });
    await callRoute('setChosen', { token: m.token, params: { taskId: picked }, body: { chosen: true } });
    // Nothing of the member's photos or other avatars is on the dashboard: the chosen headshot's own
    // thumbnail only (result-thumbs/), never a photo's (photos/, thumbs/) or a reference.
    const shown = await rows();
    expect(shown.find((x) => x.member_id === m.memberId)?.chosen?.thumbnail_url).toMatch(
      new RegExp(`/result-thumbs/[^/]+/${picked}\\.webp\\?`),
    );
    const text = JSON.stringify(shown);
    expect(text).not.toContain(tasks[1]?.id as string);
    expect(text).not.toMatch(/photos\/|(?<!result-)thumbs\/|reference/);
  });

  it("refuses styles and combinations outside the team's rules, before anything is charged", async () => {
    const owner = await ownerWithTeam(1);
    const m = await teamCreator(owner);
    const rules = await callRoute('setTeamAllowed', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { styles: [plain.id, takes.id], combos: [{ backdrop: 'studio-grey', outfit: 'suit' }] },
    });
    expect(rules.status).toBe(200);
    const create = (style: Style, choice?: { backdrops: string[]; outfits: string[] }) =>
      callRoute('createTasksBatch', {
        token: m.token,
        body: {
          ...createBody([style]),
          ...(choice ? { style_choices: [choice as never] } : {}),
        },
      });
    const wrongStyle = await create(other);
    expect(wrongStyle.status).toBe(403);
    expect(wrongStyle.body.msg).toBe(TEAM_MESSAGES.styleNotAllowed.en);
    const wrongCombo = await create(takes, { backdrops: ['office'], outfits: ['suit'] });
    expect(wrongCombo.status).toBe(403);
    expect(wrongCombo.body.msg).toBe(TEAM_MESSAGES.comboNotAllowed.en);
    expect((await create(takes)).status).toBe(403);
    expect(await memberItem(owner.teamId, m.memberId)).toMatchObject({
      allowance_left: 40,
      allowance_spent: 0,
    });
    const ok = await create(takes, { backdrops: ['studio-grey'], outfits: ['suit'] });
    expect(ok.status).toBe(200);
    expect(ok.body.allowance_left).toBe(39);
    expect(await balanceOf(m.token)).toEqual({ ltd: 5, subscription: 0 });
  });

  it('refuses a create the allowance does not cover, and never falls back to tokens', async () => {
    const owner = await ownerWithTeam(1);
    const m = await teamCreator(owner, { ltd: 20 });
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `TEAM#${owner.teamId}`, sk: `MEMBER#${m.memberId}` },
        UpdateExpression: 'SET allowance_left = :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const res = await callRoute('createTasksBatch', { token: m.token, body: createBody([plain, other]) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TEAM_ALLOWANCE_USED');
    expect(res.body.msg).toBe(TEAM_MESSAGES.noAllowance.en);
    expect(await balanceOf(m.token)).toEqual({ ltd: 20, subscription: 0 });
    expect(await memberItem(owner.teamId, m.memberId)).toMatchObject({ allowance_left: 1 });
    // A retry granted by an admin covers it.
    await callRoute('grantMemberRetry', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId: m.memberId },
    });
    expect(
      (await callRoute('createTasksBatch', { token: m.token, body: createBody([plain, other]) })).status,
    ).toBe(200);
  });

  it('gives a failed task back to the team allowance, once, and records which pool paid', async () => {
    const owner = await ownerWithTeam(1);
    const m = await teamCreator(owner);
    // Queued where no worker reads: the task stays TODO until failed here.
    const nowhere = await parked.sqs.newQueue({}, 3);
    const { task_ids } = await parked.create(m.userId, [plain.id], { queue: nowhere });
    const id = task_ids[0] as string;
    const stored = await teamItem(owner.teamId, `MEMBER#${m.memberId}`);
    expect(stored.allowance_left).toBe(39);
    const task = await testDb().send(
      new (await import('@aws-sdk/lib-dynamodb')).GetCommand({
        TableName: stack().tableName,
        Key: { pk: `USER#${m.userId}`, sk: `TASK#${id}` },
      }),
    );
    expect(task.Item).toMatchObject({ paid_by: 'team', team_id: owner.teamId, team_member_id: m.memberId });
    const store = new DynamoTaskStore(testDb(), stack().tableName);
    const ids = { subscription: 'a', ltd: 'b' };
    const now = Math.floor(Date.now() / 1000);
    const results = await Promise.all([
      store.fail(m.userId, id, 'provider', now, { ledgerEntryIds: ids }),
      store.fail(m.userId, id, 'provider', now, { ledgerEntryIds: { subscription: 'c', ltd: 'd' } }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await memberItem(owner.teamId, m.memberId)).toMatchObject({
      allowance_left: 40,
      allowance_spent: 0,
    });
    expect(await balanceOf(m.token)).toEqual({ ltd: 5, subscription: 0 });
    expect((await ledgerOf(m.token)).filter((r) => r.reason === 'generation_refund')).toEqual([]);
  });

  it('gives a render that does not look like the member back to the team allowance (the guarantee)', async () => {
    const owner = await ownerWithTeam(1);
    const m = await teamCreator(owner);
    const { task_ids } = await someoneElse.create(m.userId, [plain.id]);
    const [task] = await waitForTasks(m.token, task_ids, 90_000);
    expect(task?.status).toBe('DONE');
    expect(task?.likeness_refunded).toBe(true);
    expect(await memberItem(owner.teamId, m.memberId)).toMatchObject({
      allowance_left: 40,
      allowance_spent: 0,
    });
    expect(await balanceOf(m.token)).toEqual({ ltd: 5, subscription: 0 });
    expect((await ledgerOf(m.token)).filter((r) => r.reason === 'likeness_refund')).toEqual([]);
    // A withheld avatar cannot be chosen for the team.
    const chosen = await callRoute('setChosen', {
      token: m.token,
      params: { taskId: task?.id as string },
      body: { chosen: true },
    });
    expect(chosen.status).toBe(400);
  });
});
