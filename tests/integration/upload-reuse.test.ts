// A browser upload's form stays valid for minutes after its confirm. Posting another person's photo to the same
// forms and confirming the same upload ids again must change nothing: the kept photos' files, thumbnails, face
// data and hints stay those of the first confirm, and an avatar made afterwards looks like the user (so it is
// charged, not refunded by the likeness guarantee). Real HTTP, s3rver, DynamoDB Local, the real face model and
// the worker with the local renderer.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIKENESS_GUARANTEE } from '#shared/face-rules.ts';
import { callRoute } from '../support/api.ts';
import {
  balanceOf,
  ledgerOf,
  ledgerSum,
  setBalance,
  stylesCosting,
  userIdOf,
  waitForTasks,
} from '../support/avatars.ts';
import { samePersonAgain, selfie, selfies } from '../support/face-fixtures.ts';
import {
  bucketKeys,
  consentedUser,
  download,
  postToBucket,
  type TestFile,
  uploadTargetsFor,
} from '../support/photos.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

/** Fixture person 13 is 0.85 away from person 0 (docs/faces.md). */
const SOMEONE_ELSE = 13;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let worker: WorkerHarness;
beforeAll(async () => {
  await selfies();
  worker = await startWorkerHarness({ localRenderer: true });
}, 120_000);
afterAll(() => worker?.stop());

async function storedFiles(token: string) {
  const list = (await callRoute('listPhotos', { token })).body.files;
  return Promise.all(
    list.map(async (f) => ({
      filename: f.filename,
      hints: f.hints,
      image: sha((await download(f.url)).bytes),
      thumbnail: sha((await download(f.thumbnail_url)).bytes),
    })),
  );
}

describe('an upload form posted to again after its confirm', { timeout: 120_000 }, () => {
  it('changes no kept photo, and the avatar made afterwards looks like the user and is charged', async () => {
    const { token } = await consentedUser();
    const mine: TestFile[] = [
      { name: 'me-1.jpg', bytes: await selfie(0) },
      { name: 'me-2.jpg', bytes: await samePersonAgain(0) },
    ];
    const targets = (await uploadTargetsFor(token, mine)).body.targets;
    for (const [i, target] of targets.entries()) await postToBucket(target, mine[i] as TestFile);
    const uploads = targets.map((t) => ({ id: t.id, name: t.name }));
    const first = await callRoute('confirmPhotoUploads', { token, body: { uploads } });
    expect(first.body).toMatchObject({ success: true, rejectedCount: 0 });
    expect(first.body.files).toHaveLength(2);
    const before = await storedFiles(token);

    // The same forms, another person, the same ids confirmed again: twice, as an attacker would retry.
    const other = await selfie(SOMEONE_ELSE);
    for (let round = 0; round < 2; round++) {
      for (const target of targets) await postToBucket(target, { name: 'swap.jpg', bytes: other });
      const again = await callRoute('confirmPhotoUploads', { token, body: { uploads } });
      expect(again.status).toBe(200);
      // The answer is the photos the uploads became, unchanged.
      expect(again.body.files).toEqual(first.body.files);
      expect(await storedFiles(token)).toEqual(before);
    }
    const owner = userIdOf(token);
    // What was posted again was thrown away unread, and no file was left beside the kept ones.
    expect(await bucketKeys(`uploads/${owner}/`)).toEqual([]);
    expect((await bucketKeys(`photos/${owner}/`)).sort()).toEqual(
      before.map((f) => `photos/${owner}/${f.filename}`).sort(),
    );
    // No kept file is named after an upload form: a form can never write over a kept photo.
    for (const t of targets) expect(before.map((f) => f.filename)).not.toContain(`${t.id}.jpg`);

    await setBalance(token, { ltd: 2 });
    const [style] = await stylesCosting(1);
    const { task_ids } = await worker.create(owner, [style?.id as number]);
    const [task] = await waitForTasks(token, task_ids, 60_000);
    expect(task?.status).toBe('DONE');
    expect(task?.likeness).toBeGreaterThanOrEqual(DEFAULT_LIKENESS_GUARANTEE + 30);
    expect(task?.likeness_refunded).toBe(false);
    expect((await balanceOf(token)).ltd).toBe(1);
    expect(ledgerSum(await ledgerOf(token), 'likeness_refund')).toBe(0);
  });

  it('keeps one photo when two confirms of the same upload race, with no file left over', async () => {
    const { token } = await consentedUser();
    const file = { name: 'race.jpg', bytes: await selfie(1) };
    const [target] = (await uploadTargetsFor(token, [file])).body.targets;
    if (!target) throw new Error('no target');
    await postToBucket(target, file);
    const body = { uploads: [{ id: target.id, name: file.name }] };
    const answers = await Promise.all([
      callRoute('confirmPhotoUploads', { token, body }),
      callRoute('confirmPhotoUploads', { token, body }),
    ]);
    const list = (await callRoute('listPhotos', { token })).body.files;
    expect(list).toHaveLength(1);
    // Each confirm answers either the photo (it read the upload, or found it taken) or that it was gone.
    for (const a of answers) {
      if (a.status === 200) expect(a.body.files).toEqual([list[0]?.filename]);
      else expect(a.status).toBe(404);
    }
    const owner = userIdOf(token);
    expect(await bucketKeys(`photos/${owner}/`)).toEqual([`photos/${owner}/${list[0]?.filename}`]);
    expect(await bucketKeys(`thumbs/${owner}/`)).toHaveLength(1);
  });

  it('answers a taken upload whose photo was deleted as not found, and keeps nothing new', async () => {
    const { token } = await consentedUser();
    const file = { name: 'gone.jpg', bytes: await selfie(2) };
    const [target] = (await uploadTargetsFor(token, [file])).body.targets;
    if (!target) throw new Error('no target');
    await postToBucket(target, file);
    const body = { uploads: [{ id: target.id, name: file.name }] };
    const [filename] = (await callRoute('confirmPhotoUploads', { token, body })).body.files;
    await callRoute('deletePhoto', { token, params: { filename: filename as string } });
    await postToBucket(target, file);
    const again = await callRoute('confirmPhotoUploads', { token, body });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('Upload not found.');
    expect((await callRoute('listPhotos', { token })).body.files).toEqual([]);
    expect(await bucketKeys(`uploads/${userIdOf(token)}/`)).toEqual([]);
  });
});
