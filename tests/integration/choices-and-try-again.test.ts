// Backdrop and outfit choices on a create (one task per combination, each at the style's price,
// the choice in the task's prompt and look, a choice a style does not take refused with nothing charged),
// whether a style takes them (the admin form, import and export), and "Try again" (one new task like a
// finished one, charged through the create's transaction, idempotent, refused for another user's task).
// One account with photos for the whole file: each upload and each avatar runs the face model.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#platform/dynamodb/keys.ts';
import type { Style } from '#shared/api-schemas.ts';
import { BACKDROP_LOOKS } from '#shared/style-choices.ts';
import { BACKDROP_PROMPTS, OUTFIT_PROMPTS } from '../../functions/styles/domain/style-choices.ts';
import { adminUser, importJson, styleBody } from '../support/admin.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  activeStyles,
  balanceOf,
  createBody,
  creator,
  ledgerOf,
  ledgerSum,
  setBalance,
  testDb,
  waitForTasks,
} from '../support/avatars.ts';
import { consentedUser } from '../support/photos.ts';

type Creator = Awaited<ReturnType<typeof creator>>;
let user: Creator;
let takes: Style;
let plain: Style;
let admin: { token: string };

const taskItem = async (userId: string, taskId: string) =>
  (await testDb().send(new GetCommand({ TableName: stack().tableName, Key: keys.task(userId, taskId) })))
    .Item;
const taskCount = async (token: string) =>
  (await callRoute('userTasks', { token, query: { limit: '200' } })).body.tasks.length;
const none = { backdrops: [], outfits: [] };

beforeAll(async () => {
  [user, admin] = await Promise.all([creator({ ltd: 100 }), adminUser()]);
  const styles = await activeStyles();
  takes = styles.find((s) => s.accepts_choices && s.token_cost === 2) as Style;
  plain = styles.find((s) => !s.accepts_choices && s.token_cost === 1) as Style;
  if (!takes || !plain) throw new Error('the catalogue has no style with and without choices');
});

describe('backdrop and outfit on a create', { timeout: 240_000 }, () => {
  let doneTaskId = '';

  it('makes one task per backdrop and outfit at the style price, with the choice in its prompt and look', async () => {
    await setBalance(user.token, { ltd: 50 });
    const body = {
      ...createBody([takes, plain]),
      style_choices: [{ backdrops: ['office', 'city'], outfits: ['suit'] }, none],
    };
    const res = await callRoute('createTasksBatch', {
      token: user.token,
      body,
      headers: { 'Idempotency-Key': `choices-${user.userId}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.task_ids).toHaveLength(3);
    expect(res.body.tokens_spent).toBe(2 * takes.token_cost + plain.token_cost);
    expect((await balanceOf(user.token)).ltd).toBe(50 - res.body.tokens_spent);

    const listed = (await callRoute('userTasks', { token: user.token })).body.tasks;
    const mine = res.body.task_ids.map((id) => listed.find((t) => t.id === id));
    expect(mine.map((t) => [t?.style_id, t?.backdrop, t?.outfit])).toEqual([
      [takes.id, 'office', 'suit'],
      [takes.id, 'city', 'suit'],
      [plain.id, undefined, undefined],
    ]);
    const office = await taskItem(user.userId, res.body.task_ids[0] as string);
    expect(office?.prompt).toContain(`Setting: ${BACKDROP_PROMPTS.office}.`);
    expect(office?.prompt).toContain(`Wardrobe: ${OUTFIT_PROMPTS.suit}.`);
    // The style's own setting sentence is replaced, not kept beside the choice.
    expect(office?.prompt.match(/Setting:/g)).toHaveLength(1);
    expect(office?.recipe.backdrop).toEqual(BACKDROP_LOOKS.office);
    expect(office?.recipe.outfit?.kind).toBe('suit');
    expect((await taskItem(user.userId, res.body.task_ids[1] as string))?.recipe.backdrop.kind).toBe(
      'skyline',
    );
    const untouched = await taskItem(user.userId, res.body.task_ids[2] as string);
    expect(untouched?.prompt).toBe(plain.prompt);

    // The same key again: the same batch, charged once; with other choices: refused.
    const again = await callRoute('createTasksBatch', {
      token: user.token,
      body,
      headers: { 'Idempotency-Key': `choices-${user.userId}` },
    });
    expect(again.body.task_ids).toEqual(res.body.task_ids);
    const other = await callRoute('createTasksBatch', {
      token: user.token,
      body: { ...body, style_choices: [{ backdrops: ['office'], outfits: ['blazer'] }, none] },
      headers: { 'Idempotency-Key': `choices-${user.userId}` },
    });
    expect(other.status).toBe(409);
    expect((await balanceOf(user.token)).ltd).toBe(50 - res.body.tokens_spent);
    const finished = await waitForTasks(user.token, res.body.task_ids, 150_000);
    doneTaskId = finished.find((t) => t.backdrop === 'office')?.id as string;
    expect(finished.find((t) => t.id === doneTaskId)?.status).toBe('DONE');
  });

  it('refuses a choice for a style that does not take one, an unknown choice and too many avatars, charging nothing', async () => {
    await setBalance(user.token, { ltd: 40 });
    const before = await taskCount(user.token);
    const refused = await callRoute('createTasksBatch', {
      token: user.token,
      body: { ...createBody([plain]), style_choices: [{ backdrops: ['brick-wall'], outfits: [] }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`The style "${plain.name}" does not offer a choice of backdrop or outfit.`);
    const bad = [
      { ...createBody([takes]), style_choices: [{ backdrops: ['beach'], outfits: [] }] },
      { ...createBody([takes]), style_choices: [] },
      { ...createBody([takes]), style_choices: [{ backdrops: ['office', 'office'], outfits: [] }] },
      // 6 backdrops x 4 outfits = 24 avatars, over the 20 one create makes.
      {
        ...createBody([takes]),
        style_choices: [
          {
            backdrops: ['studio-grey', 'office', 'outdoors', 'city', 'brick-wall', 'plain-colour'],
            outfits: ['suit', 'blazer', 'shirt', 'keep-mine'],
          },
        ],
      },
    ];
    const answers = await Promise.all(
      bad.map((body) => callRoute('createTasksBatch', { token: user.token, body })),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers[0]?.body.msg).toMatch(/Unknown backdrop: use studio-grey, office/);
    expect(answers[1]?.body.msg).toBe('style_choices must hold one entry per style, in the same order.');
    expect(answers[3]?.body.msg).toBe('You can create at most 20 avatars at once.');
    expect(await balanceOf(user.token)).toEqual({ ltd: 40, subscription: 0 });
    expect(await taskCount(user.token)).toBe(before);
  });

  describe('try again', () => {
    it('makes one new task with the same style, choices and photos, charged once for a repeated request', async () => {
      await setBalance(user.token, { ltd: 10 });
      const key = `again-${user.userId}`;
      const call = () =>
        callRoute('tryTaskAgain', {
          token: user.token,
          params: { taskId: doneTaskId },
          body: { expected_cost: takes.token_cost },
          headers: { 'Idempotency-Key': key },
        });
      const [first, repeat] = await Promise.all([call(), call()]);
      expect([first.status, repeat.status]).toEqual([200, 200]);
      expect(first.body.task_ids).toHaveLength(1);
      expect(repeat.body.task_ids).toEqual(first.body.task_ids);
      expect(first.body.tokens_spent).toBe(takes.token_cost);
      expect((await balanceOf(user.token)).ltd).toBe(10 - takes.token_cost);
      const newId = first.body.task_ids[0] as string;
      const [original, copy] = await Promise.all([
        taskItem(user.userId, doneTaskId),
        taskItem(user.userId, newId),
      ]);
      expect(copy).toMatchObject({
        style_id: takes.id,
        backdrop: 'office',
        outfit: 'suit',
        token_cost: takes.token_cost,
      });
      expect(copy?.prompt).toBe(original?.prompt);
      expect(original?.reference_files).toHaveLength(2);
      expect(copy?.reference_files).toEqual(original?.reference_files);
      // The same key for another task is another request: refused, nothing charged.
      const reused = await callRoute('tryTaskAgain', {
        token: user.token,
        params: { taskId: newId },
        body: {},
        headers: { 'Idempotency-Key': key },
      });
      expect(reused.status).toBe(409);
      const [done] = await waitForTasks(user.token, [newId], 150_000);
      expect(done).toMatchObject({ status: 'DONE', backdrop: 'office', outfit: 'suit' });
      expect((await balanceOf(user.token)).ltd).toBe(10 - takes.token_cost);
      const ledger = await ledgerOf(user.token);
      expect(ledgerSum(ledger, 'generation')).toBeLessThan(0);
    });

    it("answers 404 for an unknown or another user's task, 400 without a key, 409 for a changed price or a short balance's 403, charging nothing", async () => {
      await setBalance(user.token, { ltd: 10 });
      const stranger = await consentedUser();
      const ask = (
        token: string,
        taskId: string,
        body: { expected_cost?: number } = {},
        key: string | null = 'k-1',
      ) =>
        callRoute('tryTaskAgain', {
          token,
          params: { taskId },
          body,
          headers: key ? { 'Idempotency-Key': key } : {},
        });
      const answers = await Promise.all([
        ask(user.token, '1999999999-nothing-here'),
        ask(user.token, '../../etc'),
        ask(stranger.token, doneTaskId),
        ask(user.token, doneTaskId, {}, null),
        ask(user.token, doneTaskId, { expected_cost: takes.token_cost + 1 }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 400, 409]);
      expect(answers[2]?.body.msg).toBe('Avatar not found.');
      expect(answers[3]?.body.msg).toMatch(/Idempotency-Key/);
      expect(answers[4]?.body).toMatchObject({
        code: 'PRICE_CHANGED',
        msg: `This style now costs ${takes.token_cost} tokens: please confirm again.`,
      });
      await setBalance(user.token, { ltd: 1 });
      const short = await ask(user.token, doneTaskId, {}, 'k-short');
      expect(short.status).toBe(403);
      expect(short.body).toMatchObject({
        error: 'Not enough tokens',
        needed: takes.token_cost,
        available: 1,
      });
      expect(await balanceOf(user.token)).toEqual({ ltd: 1, subscription: 0 });
    });
  });

  it("is the admin's to give a style (form, import, export), and once taken away, a choice or a Try again of one is refused", async () => {
    // An admin's style whose prompt has no "Setting:" sentence: the choice is added at its end.
    const created = await callRoute('adminCreateStyle', {
      token: admin.token,
      body: styleBody({
        token_cost: 1,
        accepts_choices: true,
        prompt: 'A portrait drawn by the test style.',
      }),
    });
    expect(created.body.accepts_choices).toBe(true);
    const style = created.body;
    expect((await activeStyles()).find((s) => s.id === style.id)?.accepts_choices).toBe(true);
    const exported = (await callRoute('adminExportStyles', { token: admin.token })).body as unknown as {
      name: string;
      accepts_choices: boolean;
    }[];
    expect(exported.find((e) => e.name === style.name)?.accepts_choices).toBe(true);
    const imported = await importJson(admin.token, [
      { ...styleBody(), accepts_choices: true },
      { ...styleBody(), accepts_choices: 'yes' },
    ]);
    expect(imported.body).toMatchObject({ added: 1, skipped: 1 });
    expect(imported.body.skipped_entries?.[0]?.reason).toBe(
      'Le champ accepts_choices doit valoir true ou false.',
    );

    await setBalance(user.token, { ltd: 10 });
    const made = await callRoute('createTasksBatch', {
      token: user.token,
      body: { ...createBody([style]), style_choices: [{ backdrops: ['brick-wall'], outfits: [] }] },
    });
    expect(made.status).toBe(200);
    const taskId = made.body.task_ids[0] as string;
    expect((await taskItem(user.userId, taskId))?.prompt).toBe(
      `A portrait drawn by the test style. Setting: ${BACKDROP_PROMPTS['brick-wall']}.`,
    );
    await waitForTasks(user.token, [taskId], 150_000);

    // An edit without the field keeps it; unticking it takes it away.
    const kept = await callRoute('adminUpdateStyle', {
      token: admin.token,
      params: { id: String(style.id) },
      body: styleBody({ name: style.name, token_cost: 1, prompt: 'A portrait drawn by the test style.' }),
    });
    expect(kept.body.accepts_choices).toBe(true);
    const off = await callRoute('adminUpdateStyle', {
      token: admin.token,
      params: { id: String(style.id) },
      body: styleBody({
        name: style.name,
        token_cost: 1,
        accepts_choices: false,
        prompt: 'A portrait drawn by the test style.',
      }),
    });
    expect(off.body.accepts_choices).toBe(false);
    const balance = await balanceOf(user.token);
    const again = await callRoute('tryTaskAgain', {
      token: user.token,
      params: { taskId },
      body: {},
      headers: { 'Idempotency-Key': `off-${taskId}` },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(`The style "${style.name}" does not offer a choice of backdrop or outfit.`);
    expect(await balanceOf(user.token)).toEqual(balance);
    await callRoute('adminDeleteStyle', { token: admin.token, params: { id: String(style.id) } });
  });
});
