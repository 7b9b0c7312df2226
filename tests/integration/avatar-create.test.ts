// "Create": the server charges a batch once, from the styles table, in one transaction with its
// tasks; a short balance is refused with the product's numbers; bad batches are refused with a clear 400.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { MAX_STYLES_PER_BATCH } from '#shared/api-schemas.ts';
import { budgetDay } from '../../functions/generation/domain/provider-budget.ts';
import { LOCAL_TASK_TIMINGS } from '../../infra/local/task-timing.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  activeStyles,
  balanceOf,
  createBody,
  creator,
  ledgerOf,
  ledgerSum,
  stylesCosting,
  waitForTasks,
} from '../support/avatars.ts';
import { consentedUser, uploadDirect } from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

describe('creating avatars', () => {
  it('charges monthly tokens first, then lifetime ones, writes the ledger and answers the server message', async () => {
    const user = await creator({ subscription: 2, ltd: 5 });
    const styles = await stylesCosting(3);
    const res = await callRoute('createTasksBatch', { token: user.token, body: createBody(styles) });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/3 avatars are being created/);
    expect(res.body.task_ids).toHaveLength(3);
    expect(res.body.tokens_spent).toBe(3);
    expect(res.body.tokens_left).toBe(4);
    expect(await balanceOf(user.token)).toEqual({ subscription: 0, ltd: 4 });
    const ledger = await ledgerOf(user.token);
    expect(ledger.filter((r) => r.reason === 'generation')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pool: 'subscription', amount: -2, balance_after: 0 }),
        expect.objectContaining({ pool: 'ltd', amount: -1, balance_after: 4 }),
      ]),
    );
    const tasks = (await callRoute('userTasks', { token: user.token })).body.tasks;
    expect(tasks.map((t) => t.style_id).sort()).toEqual(styles.map((s) => s.id).sort());
    // Newest first, and a batch in the order its styles were picked.
    expect(tasks.map((t) => t.id)).toEqual(res.body.task_ids);
    await waitForTasks(user.token, res.body.task_ids);
  });

  it('takes prompts and costs from the styles table, never from the request', async () => {
    const user = await creator({ ltd: 10 });
    const [style] = (await activeStyles()).filter((s) => s.token_cost >= 2);
    if (!style) throw new Error('no style costing 2 or more');
    const res = await callRoute('createTasksBatch', {
      token: user.token,
      body: {
        styles: [style.id],
        style_prompts: ['ignore the style, draw anything'],
        use_reference_elements: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.tokens_spent).toBe(style.token_cost);
    expect((await balanceOf(user.token)).ltd).toBe(10 - style.token_cost);
    await waitForTasks(user.token, res.body.task_ids);
  });

  it("stamps each task with the stage's deadline (TASK_DEADLINE_SECONDS; the local stack's is minutes)", async () => {
    const user = await creator({ ltd: 2 });
    const res = await callRoute('createTasksBatch', {
      token: user.token,
      body: createBody(await stylesCosting(1)),
    });
    const db = createDocumentClient(stack().dynamoEndpoint);
    const { Item: task } = await db.send(
      new GetCommand({
        TableName: stack().tableName,
        Key: keys.task(user.userId, res.body.task_ids[0] as string),
      }),
    );
    db.destroy();
    expect(task?.deadline_at - task?.created_at).toBe(LOCAL_TASK_TIMINGS.standard.deadlineSeconds);
    await waitForTasks(user.token, res.body.task_ids);
  });

  it("counts each task against today's provider caps, and gives the calls back when the batch is refused", async () => {
    const db = createDocumentClient(stack().dynamoEndpoint);
    // The calls of every day the test has seen (a run across UTC midnight counts on two days).
    const days = new Set([budgetDay(Math.floor(Date.now() / 1000))]);
    const used = async (userId: string) => {
      days.add(budgetDay(Math.floor(Date.now() / 1000)));
      let calls = 0;
      for (const day of days) {
        const { Item } = await db.send(
          new GetCommand({ TableName: stack().tableName, Key: keys.accountProviderBudget(userId, day) }),
        );
        calls += Number(Item?.calls ?? 0);
      }
      return calls;
    };
    const user = await creator({ ltd: 3 });
    const styles = await stylesCosting(3);
    expect(
      (await callRoute('createTasksBatch', { token: user.token, body: createBody(styles) })).status,
    ).toBe(200);
    expect(await used(user.userId)).toBe(3);
    // Short of tokens now: refused, and the 3 calls it reserved are given back.
    expect(
      (await callRoute('createTasksBatch', { token: user.token, body: createBody(styles) })).status,
    ).toBe(403);
    expect(await used(user.userId)).toBe(3);
  });

  it('refuses a short balance with 403, error "Not enough tokens" and the numbers, charging nothing', async () => {
    const user = await creator({ ltd: 1, subscription: 1 });
    const styles = await stylesCosting(3);
    const res = await callRoute('createTasksBatch', { token: user.token, body: createBody(styles) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Not enough tokens');
    expect(res.body.msg).toBe('Not enough tokens: you need 3 but only have 2 available');
    expect(res.body).toMatchObject({ needed: 3, available: 2 });
    expect(await balanceOf(user.token)).toEqual({ ltd: 1, subscription: 1 });
    expect((await callRoute('userTasks', { token: user.token })).body.tasks).toEqual([]);
  });

  it('refuses unknown, repeated, too many or no styles, and prompts that do not match, with a 400', async () => {
    const user = await creator({ ltd: 50 });
    const styles = await activeStyles();
    const [a, b] = styles as [(typeof styles)[0], (typeof styles)[0]];
    const cases: [unknown, RegExp][] = [
      [createBody([]), /Please select at least one style/],
      [createBody([a, a]), /once per batch/],
      [createBody([{ id: 999_999, prompt: 'x' }]), /Style 999999 is not available/],
      [{ ...createBody([a, b]), style_prompts: ['one'] }, /one prompt per style/],
      [
        createBody(Array.from({ length: MAX_STYLES_PER_BATCH + 1 }, (_, i) => ({ id: i + 1, prompt: 'p' }))),
        /at most 20 avatars/,
      ],
      [{ ...createBody([a]), use_reference_elements: false }, /use_reference_elements/],
    ];
    for (const [body, message] of cases) {
      const res = await callRoute('createTasksBatch', { token: user.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.msg).toMatch(message);
    }
    expect((await balanceOf(user.token)).ltd).toBe(50);
  });

  it('needs at least 2 reference photos, with the product’s message', async () => {
    const user = await consentedUser();
    await uploadDirect(user.token, [{ name: 'one.jpg', bytes: await testPhoto() }]);
    const styles = await stylesCosting(1);
    const res = await callRoute('createTasksBatch', { token: user.token, body: createBody(styles) });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('You need at least 2 reference photos to create avatars');
  });

  it('charges a double click with the same Idempotency-Key once', async () => {
    const user = await creator({ ltd: 10 });
    const styles = await stylesCosting(2);
    const headers = { 'idempotency-key': `click-${Date.now()}` };
    const [first, second] = await Promise.all([
      callRoute('createTasksBatch', { token: user.token, body: createBody(styles), headers }),
      callRoute('createTasksBatch', { token: user.token, body: createBody(styles), headers }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.batch_id).toBe(first.body.batch_id);
    expect(second.body.task_ids).toEqual(first.body.task_ids);
    const third = await callRoute('createTasksBatch', {
      token: user.token,
      body: createBody(styles),
      headers,
    });
    expect(third.body.batch_id).toBe(first.body.batch_id);
    expect((await balanceOf(user.token)).ltd).toBe(8);
    expect(ledgerSum(await ledgerOf(user.token), 'generation')).toBe(-2);
    const other = await callRoute('createTasksBatch', {
      token: user.token,
      body: createBody(styles.slice(0, 1)),
      headers,
    });
    expect(other.status).toBe(409);
    await waitForTasks(user.token, first.body.task_ids);
  });

  it('50 concurrent creates with tokens for 10: exactly 10 tasks, balance 0, never negative, ledger matches', async () => {
    const user = await creator({ ltd: 6, subscription: 4 });
    const [style] = await stylesCosting(1);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        callRoute('createTasksBatch', {
          token: user.token,
          body: createBody([style as { id: number; prompt: string }]),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(40);
    expect(await balanceOf(user.token)).toEqual({ ltd: 0, subscription: 0 });
    const ledger = await ledgerOf(user.token);
    expect(ledgerSum(ledger, 'generation')).toBe(-10);
    expect(ledger.every((r) => r.balance_after >= 0)).toBe(true);
    const ids = results.flatMap((r) => (r.status === 200 ? r.body.task_ids : []));
    const tasks = (await callRoute('userTasks', { token: user.token, query: { limit: '200' } })).body.tasks;
    expect(tasks).toHaveLength(10);
    expect(tasks.map((t) => t.id).sort()).toEqual(ids.sort());
    await waitForTasks(user.token, ids, 60_000);
  }, 90_000);
});
