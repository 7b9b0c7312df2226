// The likeness guarantee cannot be farmed (docs/faces.md, "The guarantee"): a refunded avatar is withheld
// (every route that would serve its pixels answers 403, no archive holds it, the gallery gets only a blurred
// copy made by the server) until "Keep it anyway" takes its tokens again, once, however many calls come at
// once; a set of photos that may show someone else is charged, not refunded; an account gets at most
// LIKENESS_REFUNDS_PER_DAY refunds a UTC day, counted by a conditional counter. The real worker, the real
// face model, and the local renderer drawing someone else or no face (as likeness-guarantee.test.ts does).
import { join } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { LIKENESS_REFUNDS_PER_DAY } from '#shared/face-rules.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  balanceOf,
  creator,
  ledgerOf,
  ledgerSum,
  setBalance,
  stylesCosting,
  testDb,
  userIdOf,
  waitForTasks,
} from '../support/avatars.ts';
import { FACE_FIXTURE_DIR, selfie, selfies } from '../support/face-fixtures.ts';
import { consentedUser, uploadDirect } from '../support/photos.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';
import { zipNames } from '../support/zip.ts';

let likeUser: WorkerHarness;
let someoneElse: WorkerHarness;
let noFace: WorkerHarness;
beforeAll(async () => {
  await selfies();
  [likeUser, someoneElse, noFace] = await Promise.all([
    startWorkerHarness({ localRenderer: true }),
    startWorkerHarness({
      localRenderer: true,
      env: { LOCAL_RENDERER_FACE: join(FACE_FIXTURE_DIR, 'person-13.jpg') },
    }),
    startWorkerHarness({ localRenderer: true, env: { LOCAL_RENDERER_FACE: 'none' } }),
  ]);
}, 120_000);
afterAll(() => Promise.all([likeUser, someoneElse, noFace].map((h) => h?.stop())));

const taskOf = async (token: string, id: string): Promise<AvatarTask> => {
  const [task] = await waitForTasks(token, [id], 60_000);
  return task as AvatarTask;
};

const filenameOf = (t: AvatarTask) => (t.result_path as string).replace(/^results\//, '');

async function archiveNames(token: string, route: 'resultsZip' | 'favouritesZip'): Promise<string[]> {
  const res = await callRoute(route, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(302);
  const zip = await fetch(res.headers.get('location') as string);
  expect(zip.status).toBe(200);
  return zipNames(Buffer.from(await zip.arrayBuffer()));
}

/** Every route that serves a result's pixels, for one file: each status. */
async function pixelRoutes(token: string, filename: string) {
  const params = { filename };
  return {
    file: (await callRoute('resultFile', { token, params })).status,
    data: (await callRoute('resultData', { token, params })).status,
    linkedin: (await callRoute('resultFile', { token, params, query: { preset: 'linkedin' } })).status,
    profile: (await callRoute('resultData', { token, params, query: { preset: 'profile' } })).status,
    fileLink: (await callRoute('createDownloadLink', { token, body: { route: 'resultFile', filename } }))
      .status,
    dataLink: (await callRoute('createDownloadLink', { token, body: { route: 'resultData', filename } }))
      .status,
  };
}

const ALL_403 = { file: 403, data: 403, linkedin: 403, profile: 403, fileLink: 403, dataLink: 403 };
const ALL_200 = { file: 200, data: 200, linkedin: 200, profile: 200, fileLink: 200, dataLink: 200 };

const keep = (token: string, taskId: string) => callRoute('keepTask', { token, params: { taskId } });

describe('a refunded avatar', { timeout: 180_000 }, () => {
  let account: Awaited<ReturnType<typeof creator>>;
  let kept: AvatarTask;
  let withheld: AvatarTask;
  beforeAll(async () => {
    account = await creator({ ltd: 4 });
    const [style] = await stylesCosting(1);
    const made = await likeUser.create(account.userId, [style?.id as number]);
    kept = await taskOf(account.token, made.task_ids[0] as string);
    const refunded = await someoneElse.create(account.userId, [style?.id as number]);
    withheld = await taskOf(account.token, refunded.task_ids[0] as string);
    expect([kept.likeness_refunded, withheld.likeness_refunded]).toEqual([false, true]);
  }, 150_000);

  it('is withheld: the list gives only a blurred copy made by the server, and no route serves its pixels', async () => {
    expect(withheld).toMatchObject({ status: 'DONE', withheld: true, favourite: false });
    expect(withheld).not.toHaveProperty('thumbnail_url');
    expect(withheld).not.toHaveProperty('image_url');
    expect(withheld).not.toHaveProperty('download_name');
    // The preview: a small, blurred image of its own, not the avatar or its thumbnail.
    const preview = await fetch(withheld.preview_url as string);
    expect(preview.status).toBe(200);
    const bytes = Buffer.from(await preview.arrayBuffer());
    const { width, format } = await sharp(bytes).metadata();
    expect(format).toBe('webp');
    expect(width).toBeLessThanOrEqual(400);
    // No detail left: neighbouring pixels barely differ (the thumbnail of a face differs a lot).
    const detail = async (image: Buffer) => {
      const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let y = 0; y < info.height; y++)
        for (let x = 1; x < info.width; x++)
          sum += Math.abs((data[y * info.width + x] as number) - (data[y * info.width + x - 1] as number));
      return sum / (info.height * (info.width - 1));
    };
    const thumbnail = Buffer.from(await (await fetch(kept.thumbnail_url as string)).arrayBuffer());
    const [blurred, sharpOne] = [await detail(bytes), await detail(thumbnail)];
    expect(blurred, `preview ${blurred}, thumbnail ${sharpOne}`).toBeLessThan(sharpOne / 3);

    expect(await pixelRoutes(account.token, filenameOf(withheld))).toEqual(ALL_403);
    const denied = await callRoute('resultFile', {
      token: account.token,
      params: { filename: filenameOf(withheld) },
    });
    expect(denied.body.msg).toMatch(/did not look enough like you/);
    const star = await callRoute('setFavourite', {
      token: account.token,
      params: { taskId: withheld.id },
      body: { favourite: true },
    });
    expect(star.status).toBe(403);
    // The avatar the user kept is served as ever.
    expect(await pixelRoutes(account.token, filenameOf(kept))).toEqual(ALL_200);
  });

  it('is in no archive: "Download all" and the favourites ZIP hold only the avatars the user may have', async () => {
    expect(await archiveNames(account.token, 'resultsZip')).toEqual([kept.download_name]);
    // Starred both (the refunded one before it was withheld, as an older star would be).
    expect(
      (
        await callRoute('setFavourite', {
          token: account.token,
          params: { taskId: kept.id },
          body: { favourite: true },
        })
      ).status,
    ).toBe(200);
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `USER#${account.userId}`, sk: `TASK#${withheld.id}` },
        UpdateExpression: 'SET favourite_at = :now',
        ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
      }),
    );
    expect(await archiveNames(account.token, 'favouritesZip')).toEqual([kept.download_name]);
  });

  it('is kept anyway once, whatever the calls: one debit, then it is an avatar like any other', async () => {
    const before = await balanceOf(account.token);
    // Another user's avatar is not found; an avatar not withheld is a conflict.
    const stranger = await consentedUser();
    expect((await keep(stranger.token, withheld.id)).status).toBe(404);
    expect((await keep(account.token, kept.id)).status).toBe(409);

    const both = await Promise.all([keep(account.token, withheld.id), keep(account.token, withheld.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = both.find((r) => r.status === 200);
    expect(won?.body).toMatchObject({ success: true, task_id: withheld.id, tokens_spent: 1 });
    const after = await balanceOf(account.token);
    expect(after.ltd + after.subscription).toBe(before.ltd + before.subscription - 1);
    expect(won?.body.tokens_left).toBe(after.ltd + after.subscription);
    const ledger = await ledgerOf(account.token);
    expect(ledger.filter((r) => r.reason === 'likeness_keep')).toEqual([
      expect.objectContaining({ amount: -1, balance_after: after.ltd }),
    ]);
    expect(ledgerSum(ledger, 'generation', 'likeness_refund', 'likeness_keep')).toBe(-2);
    expect((await keep(account.token, withheld.id)).status).toBe(409);

    const now = (await callRoute('userTasks', { token: account.token })).body.tasks.find(
      (t) => t.id === withheld.id,
    );
    expect(now).toMatchObject({ withheld: false, likeness_refunded: true });
    expect(now?.image_url).toBeTypeOf('string');
    expect(await pixelRoutes(account.token, filenameOf(withheld))).toEqual(ALL_200);
    expect((await archiveNames(account.token, 'resultsZip')).sort()).toEqual(
      [kept.download_name, `${now?.download_name?.replace(/\.(\w+)$/, '-2.$1')}`].sort(),
    );
  });

  it('is not kept without the tokens: the not-enough-tokens answer, nothing taken', async () => {
    const poor = await creator({ ltd: 1 });
    const [style] = await stylesCosting(1);
    const made = await noFace.create(poor.userId, [style?.id as number]);
    const task = await taskOf(poor.token, made.task_ids[0] as string);
    expect(task).toMatchObject({ withheld: true, likeness_refunded: true });
    await setBalance(poor.token, { ltd: 0 });
    const res = await keep(poor.token, task.id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'Not enough tokens',
      msg: 'Not enough tokens: you need 1 but only have 0 available',
    });
    expect(await pixelRoutes(poor.token, filenameOf(task))).toEqual(ALL_403);
  });
});

describe('the guarantee’s limits', { timeout: 180_000 }, () => {
  it('charges, not refunds, an avatar made from photos that may show someone else, and says why', async () => {
    const user = await consentedUser();
    await uploadDirect(user.token, [
      { name: 'me.jpg', bytes: await selfie(0) },
      { name: 'friend.jpg', bytes: await selfie(13) },
    ]);
    const photos = (await callRoute('listPhotos', { token: user.token })).body.files;
    expect(photos.map((f) => f.hints)).toEqual([
      expect.arrayContaining(['someone-else']),
      expect.arrayContaining(['someone-else']),
    ]);
    await setBalance(user.token, { ltd: 2 });
    const userId = userIdOf(user.token);
    const [style] = await stylesCosting(1);
    const made = await noFace.create(userId, [style?.id as number]);
    const task = await taskOf(user.token, made.task_ids[0] as string);
    expect(task).toMatchObject({
      status: 'DONE',
      likeness: null,
      likeness_refunded: false,
      likeness_not_refunded: 'someone-else',
      withheld: false,
    });
    expect((await balanceOf(user.token)).ltd).toBe(1);
    expect(ledgerSum(await ledgerOf(user.token), 'likeness_refund')).toBe(0);
    expect(await pixelRoutes(user.token, filenameOf(task))).toEqual(ALL_200);
  });

  it(`refunds ${LIKENESS_REFUNDS_PER_DAY} avatars a day per account: the next is charged, even when they finish together`, async () => {
    const account = await creator({ ltd: 5 });
    // The day's count so far: one refund short of the limit.
    const day = new Date().toISOString().slice(0, 10);
    await testDb().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: {
          pk: `USER#${account.userId}`,
          sk: `LIKENESS_DAY#${day}`,
          measured: LIKENESS_REFUNDS_PER_DAY - 1,
          refunds: LIKENESS_REFUNDS_PER_DAY - 1,
        },
      }),
    );
    const styles = await stylesCosting(2);
    const before = noFace.metrics.length;
    const made = await noFace.create(
      account.userId,
      styles.map((s) => s.id),
    );
    const tasks = await waitForTasks(account.token, made.task_ids, 90_000);
    expect(tasks.map((t) => t.status)).toEqual(['DONE', 'DONE']);
    // The worker records its metrics after the task's DONE is written: once both messages are handled.
    await noFace.settled();
    const refunded = tasks.filter((t) => t.likeness_refunded);
    const charged = tasks.filter((t) => !t.likeness_refunded);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ withheld: true });
    expect(charged).toEqual([
      expect.objectContaining({ likeness: null, likeness_not_refunded: 'daily-limit', withheld: false }),
    ]);
    expect(await pixelRoutes(account.token, filenameOf(charged[0] as AvatarTask))).toEqual(ALL_200);
    // 5 tokens, 2 spent, 1 back.
    expect((await balanceOf(account.token)).ltd).toBe(4);
    expect(ledgerSum(await ledgerOf(account.token), 'likeness_refund')).toBe(1);
    // The account's share of refunds today is a metric (91 % once both are counted).
    const shares = noFace.metrics
      .slice(before)
      .filter(([n]) => n === 'AccountLikenessRefundShare')
      .map(([, v]) => v);
    expect(shares).toHaveLength(2);
    expect(shares).toContain(91);
  });
});
