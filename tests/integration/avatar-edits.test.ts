// Edits of a finished avatar through the whole stack: the route, DynamoDB's transaction (the debit, the
// version and the avatar's edit counter), the queue, the real worker with the embedded renderer, the real
// segmenter and the real face model. The body's rules one by one, the cost and the versions against the
// fakes: tests/domain/edits.test.ts.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { EDIT_MESSAGES, EDIT_TOKEN_COST, MAX_EDITS_PER_AVATAR } from '#shared/edit-rules.ts';
import { encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  balanceOf,
  creator,
  ledgerOf,
  stylesCosting,
  testDb,
  testS3,
  waitForTasks,
} from '../support/avatars.ts';
import { selfies } from '../support/face-fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

let h: WorkerHarness;
let strict: WorkerHarness;
beforeAll(async () => {
  await selfies();
  [h, strict] = await Promise.all([
    startWorkerHarness({ localRenderer: true }),
    // Every version scores under 100: the guarantee refunds it.
    startWorkerHarness({ localRenderer: true, env: { LIKENESS_GUARANTEE: '100' } }),
  ]);
}, 120_000);
afterAll(() => Promise.all([h, strict].map((x) => x?.stop())));

const finished = async (token: string, id: string): Promise<AvatarTask> =>
  (await waitForTasks(token, [id], 90_000))[0] as AvatarTask;

/** An account with one finished avatar of a 1-token style that takes backdrops. */
async function avatarOf(harness: WorkerHarness, ltd = 20) {
  const account = await creator({ ltd });
  const styles = await stylesCosting(1);
  const style = styles.find((s) => s.accepts_choices) ?? styles[0];
  const { task_ids } = await harness.create(account.userId, [style?.id as number]);
  const task = await finished(account.token, task_ids[0] as string);
  expect(task.status).toBe('DONE');
  return { account, task };
}

async function stored(userId: string, task: AvatarTask): Promise<Buffer> {
  const res = await testS3().send(
    new GetObjectCommand({
      Bucket: stack().mediaBucket,
      Key: `${task.result_path?.replace(/^results\//, `results/${userId}/`)}`,
    }),
  );
  return Buffer.from(
    await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}

/** The mean colour difference of two images over a box (shares of their size), on copies scaled alike. */
async function difference(a: Buffer, b: Buffer, box: { x: number; y: number; w: number; h: number }) {
  const size = { width: 200, height: 300 };
  const [pa, pb] = await Promise.all(
    [a, b].map((x) =>
      sharp(x).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
    ),
  );
  let sum = 0;
  let n = 0;
  for (let y = Math.round(box.y * size.height); y < Math.round((box.y + box.h) * size.height); y++)
    for (let x = Math.round(box.x * size.width); x < Math.round((box.x + box.w) * size.width); x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * size.width + x) * 3 + c;
        sum += Math.abs((pa?.[i] as number) - (pb?.[i] as number));
        n++;
      }
  return sum / n;
}

/** The account's history names an edit's debit as an edit (`edit`), not as a first render's `generation`. */
const editEntries = async (token: string) =>
  (await ledgerOf(token)).filter((r) => r.reason === 'edit').length;

describe('editing a finished avatar', { timeout: 240_000 }, () => {
  it('changes the backdrop (away from the person) and keeps the face; one version and one debit for two deliveries; the original untouched', async () => {
    const { account, task } = await avatarOf(h);
    const original = await stored(account.userId, task);
    const before = await balanceOf(account.token);
    const entries = await editEntries(account.token);
    const v2 = await h.edit(account.userId, task.id, { kind: 'backdrop', colour: '#00ff00' }, 'edit-1');
    expect(v2.version).toBe(2);
    const body = encodeTaskMessage({ taskId: v2.task_id, userId: account.userId });
    await h.send(body);
    await h.send(body);
    const made = await finished(account.token, v2.task_id);
    await h.settled();
    expect(made).toMatchObject({ status: 'DONE', version: 2, edit_of: task.id, root_id: task.id });
    expect(made.edit).toEqual({ kind: 'backdrop', backdrop: 'plain-colour', colour: '#00ff00' });
    expect(Number.isInteger(made.likeness)).toBe(true);
    expect(made.likeness).toBeGreaterThanOrEqual(50);
    expect(made.likeness).toBeLessThanOrEqual(100);
    const after = await balanceOf(account.token);
    expect(after.ltd + after.subscription).toBe(before.ltd + before.subscription - EDIT_TOKEN_COST);
    expect(await editEntries(account.token)).toBe(entries + 1);
    const { body: list } = await callRoute('userTasks', { token: account.token });
    expect(list.tasks.filter((t) => t.root_id === task.id)).toHaveLength(1);
    expect(list.tasks.find((t) => t.id === task.id)).toMatchObject({ version: 1, edit_count: 1 });
    // The original's file is byte for byte what it was; the top corners (backdrop) changed, green now.
    expect((await stored(account.userId, task)).equals(original)).toBe(true);
    const version = await stored(account.userId, made);
    expect(await difference(original, version, { x: 0.02, y: 0.02, w: 0.12, h: 0.1 })).toBeGreaterThan(25);
    expect(await difference(original, version, { x: 0.86, y: 0.02, w: 0.12, h: 0.1 })).toBeGreaterThan(25);
  });

  it('makes every other kind: outfit, framing at the asked aspect, retouch, a brushed region', async () => {
    const { account, task } = await avatarOf(h);
    const width = task.width as number;
    const height = task.height as number;
    const brush = await sharp({ create: { width, height, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 120, height: 120, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          left: 20,
          top: 20,
        },
      ])
      .png()
      .toBuffer();
    const asked = [
      { kind: 'outfit', outfit: 'suit' },
      { kind: 'framing', aspect: '4:1' },
      { kind: 'retouch', level: 'polished' },
      {
        kind: 'region',
        prompt: 'remove the glare',
        mask: `data:image/png;base64,${brush.toString('base64')}`,
      },
    ];
    const versions = [];
    for (const body of asked) versions.push(await h.edit(account.userId, task.id, body));
    expect(versions.map((v) => v.version)).toEqual([2, 3, 4, 5]);
    const made = await waitForTasks(
      account.token,
      versions.map((v) => v.task_id),
      180_000,
    );
    for (const t of made) {
      expect(t.status, `${t.edit?.kind}: ${t.error ?? ''}`).toBe('DONE');
      expect(t.likeness === null || Number.isInteger(t.likeness)).toBe(true);
    }
    const framed = made.find((t) => t.edit?.kind === 'framing');
    expect((framed?.width as number) / (framed?.height as number)).toBeCloseTo(4, 1);
    // The face the measure found is kept on each task (the outfit, framing and retouch masked with the
    // original's), an edit's version's too; no answer carries it.
    const s = stack();
    const item = async (id: string) =>
      (
        await testDb().send(
          new GetCommand({ TableName: s.tableName, Key: { pk: `USER#${account.userId}`, sk: `TASK#${id}` } }),
        )
      ).Item;
    expect((await item(task.id))?.face_landmarks).toHaveLength(136);
    const outfit = made.find((t) => t.edit?.kind === 'outfit');
    expect((await item(outfit?.id as string))?.face_landmarks).toHaveLength(136);
    const { body: list } = await callRoute('userTasks', { token: account.token });
    expect(JSON.stringify(list)).not.toMatch(/landmark/i);
    // An original finished before the landmarks were kept: its face is found again, and the outfit made.
    await testDb().send(
      new UpdateCommand({
        TableName: s.tableName,
        Key: { pk: `USER#${account.userId}`, sk: `TASK#${task.id}` },
        UpdateExpression: 'REMOVE face_landmarks',
      }),
    );
    const older = await h.edit(account.userId, task.id, { kind: 'outfit', outfit: 'suit' });
    expect(await finished(account.token, older.task_id)).toMatchObject({ status: 'DONE', version: 6 });
  });

  it('gives the token back once when the version scores under the threshold', async () => {
    // Made by the usual worker (kept), edited by the strict one.
    const { account, task } = await avatarOf(h);
    const before = await balanceOf(account.token);
    const v2 = await strict.edit(account.userId, task.id, { kind: 'retouch', level: 'light' });
    const made = await finished(account.token, v2.task_id);
    expect(made).toMatchObject({ status: 'DONE', likeness_refunded: true, withheld: true });
    const after = await balanceOf(account.token);
    expect(after.ltd + after.subscription).toBe(before.ltd + before.subscription);
    const refunds = (await ledgerOf(account.token)).filter((r) => r.reason === 'likeness_refund');
    expect(refunds.map((r) => r.amount)).toEqual([EDIT_TOKEN_COST]);
  });

  it("through the route: 202 for the owner, 404 for another user's task, 400 for bad bodies with nothing spent", async () => {
    const { account, task } = await avatarOf(h);
    const other = await creator({ ltd: 5 });
    const params = { taskId: task.id };
    expect(
      (await callRoute('editTask', { token: other.token, params, body: { kind: 'retouch' } })).status,
    ).toBe(404);
    const before = await balanceOf(account.token);
    const wrongSize = (
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'sky' }, EDIT_MESSAGES.kind.en],
      [{ kind: 'backdrop', colour: 'green' }, EDIT_MESSAGES.colour.en],
      [{ kind: 'framing', aspect: '16:9' }, EDIT_MESSAGES.aspect.en],
      [
        { kind: 'region', prompt: 'x'.repeat(201), mask: `data:image/png;base64,${wrongSize}` },
        EDIT_MESSAGES.promptTooLong.en,
      ],
      [{ kind: 'region', prompt: 'fix', mask: 'data:image/gif;base64,R0lGOD' }, EDIT_MESSAGES.maskNotPng.en],
      [
        { kind: 'region', prompt: 'fix', mask: `data:image/png;base64,${wrongSize}` },
        `The brushed region must have the avatar's size: ${task.width} x ${task.height} pixels.`,
      ],
    ];
    for (const [body, msg] of bad) {
      const res = await callRoute('editTask', { token: account.token, params, body });
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect(await balanceOf(account.token)).toEqual(before);
    const ok = await callRoute('editTask', {
      token: account.token,
      params,
      body: { kind: 'outfit', outfit: 'blazer' },
    });
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({
      version: 2,
      tokens_left: before.ltd + before.subscription - EDIT_TOKEN_COST,
    });
  });

  it(`holds ${MAX_EDITS_PER_AVATAR} edits per avatar when edits are asked at once`, async () => {
    const { account, task } = await avatarOf(h);
    // Eight edits already made of this avatar.
    const s = stack();
    await testDb().send(
      new UpdateCommand({
        TableName: s.tableName,
        Key: { pk: `USER#${account.userId}`, sk: `TASK#${task.id}` },
        UpdateExpression: 'SET edit_count = :n',
        ExpressionAttributeValues: { ':n': MAX_EDITS_PER_AVATAR - 2 },
      }),
    );
    const before = await balanceOf(account.token);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        callRoute('editTask', {
          token: account.token,
          params: { taskId: task.id },
          body: { kind: 'retouch' },
        }),
      ),
    );
    const made = answers.filter((a) => a.status === 202).map((a) => a.body.version);
    expect(made.sort()).toEqual([MAX_EDITS_PER_AVATAR, MAX_EDITS_PER_AVATAR + 1]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.msg)).toEqual([
      EDIT_MESSAGES.limit.en,
      EDIT_MESSAGES.limit.en,
      EDIT_MESSAGES.limit.en,
    ]);
    const after = await balanceOf(account.token);
    expect(after.ltd + after.subscription).toBe(before.ltd + before.subscription - 2 * EDIT_TOKEN_COST);
  });
});
