// "Gallery and downloads": the local stack's own worker (the local renderer, no key) finishes the
// avatars; the gallery lists them newest first with short-lived URLs, the result routes answer as the product's contract
// says (base64, then blob), presets, a ZIP of everything, the "ready" email, retention, and
// nothing of anyone else's.

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#platform/dynamodb/keys.ts';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { callRoute, mailsTo, request, stack } from '../support/api.ts';
import { createBody, creator, stylesCosting, testDb, userIdOf, waitForTasks } from '../support/avatars.ts';
import { eventually } from '../support/privacy-jobs.ts';
import { zipNames } from '../support/zip.ts';

type Creator = Awaited<ReturnType<typeof creator>>;

async function finishedBatch(user: Creator, n = 2): Promise<AvatarTask[]> {
  const styles = await stylesCosting(n);
  const res = await callRoute('createTasksBatch', { token: user.token, body: createBody(styles) });
  expect(res.status).toBe(200);
  return waitForTasks(user.token, res.body.task_ids);
}

const filenameOf = (t: AvatarTask) => (t.result_path as string).replace(/^results\//, '');

/**
 * The worker marks a batch finished (and decides on its email) just after its last task turns DONE: wait for
 * that mark, so a setting changed next cannot be read by this batch's finish.
 */
async function batchClosed(user: Creator, batchId: string) {
  await eventually(
    async () => {
      const { Item } = await testDb().send(
        new GetCommand({ TableName: stack().tableName, Key: keys.batch(userIdOf(user.token), batchId) }),
      );
      return Item?.notified_at;
    },
    10_000,
    `batch ${batchId} marked finished`,
  );
}

/** The email goes out just after the last task turns DONE: wait for it (up to 30 s on a loaded machine). */
async function readyMails(email: string, subject: RegExp, atLeast = 1) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await mailsTo(email)).filter((m) => subject.test(m.subject));
    if (mails.length >= atLeast || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let alice: Creator;
let aliceTasks: AvatarTask[];
beforeAll(async () => {
  alice = await creator({ ltd: 10 });
  aliceTasks = await finishedBatch(alice, 2);
}, 60_000);

describe('the gallery', () => {
  it('lists finished avatars as preview renders, with a thumbnail and an image URL that work', async () => {
    for (const t of aliceTasks) {
      expect(t.status).toBe('DONE');
      expect(t.progress).toBe(100);
      expect(t.render_kind).toBe('preview-render');
      expect(t.result_path).toMatch(/^results\/[a-z0-9-]+_\d{12}-[0-9a-f]{12}\.jpg$/);
      expect(t.download_name).toBe(`${filenameOf(t).split('_')[0]}.jpg`);
      const thumb = await fetch(t.thumbnail_url as string);
      expect(thumb.status).toBe(200);
      expect((await thumb.arrayBuffer()).byteLength).toBeLessThan(60_000);
      const image = await sharp(
        Buffer.from(await (await fetch(t.image_url as string)).arrayBuffer()),
      ).metadata();
      expect([image.width, image.height]).toEqual([t.width, t.height]);
    }
  });

  it('pages through tasks newest first with a cursor', async () => {
    const first = await callRoute('userTasks', { token: alice.token, query: { limit: '1' } });
    expect(first.body.tasks).toHaveLength(1);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await callRoute('userTasks', {
      token: alice.token,
      query: { limit: '1', cursor: first.body.next_cursor as string },
    });
    expect(second.body.tasks[0]?.id).not.toBe(first.body.tasks[0]?.id);
    expect((first.body.tasks[0] as AvatarTask).id > (second.body.tasks[0] as AvatarTask).id).toBe(true);
  });

  it('answers an avatar as base64, and as a file named after its style', async () => {
    const t = aliceTasks[0] as AvatarTask;
    const data = await callRoute('resultData', { token: alice.token, params: { filename: filenameOf(t) } });
    expect(data.body).toMatchObject({ success: true, content_type: 'image/jpeg' });
    const decoded = await sharp(Buffer.from(data.body.data, 'base64')).metadata();
    expect(decoded.width).toBe(1024);
    const file = await callRoute('resultFile', { token: alice.token, params: { filename: filenameOf(t) } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${t.download_name}"`);
    expect(file.raw.equals(Buffer.from(data.body.data, 'base64'))).toBe(true);
  });

  it('makes the 400x400 and 4K presets, each named for what it is (avatar-<style>-linkedin.jpg)', async () => {
    const t = aliceTasks[0] as AvatarTask;
    const stem = (t.download_name as string).replace(/\.jpg$/, '');
    const linkedin = await callRoute('resultFile', {
      params: { filename: filenameOf(t) },
      token: alice.token,
      query: { preset: 'linkedin' },
    });
    expect(await sharp(linkedin.raw).metadata()).toMatchObject({ width: 400, height: 400, format: 'jpeg' });
    expect(linkedin.headers.get('content-disposition')).toContain(`avatar-${stem}-linkedin.jpg`);
    const big = await callRoute('resultData', {
      token: alice.token,
      params: { filename: filenameOf(t) },
      query: { preset: '4k' },
    });
    const meta = await sharp(Buffer.from(big.body.data, 'base64')).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(4096);
    const bad = await callRoute('resultData', {
      token: alice.token,
      params: { filename: filenameOf(t) },
      query: { preset: '8k' },
    });
    expect(bad.status).toBe(400);
  });

  it('downloads every finished avatar as one ZIP', async () => {
    const res = await callRoute('resultsZip', { token: alice.token });
    expect(res.status).toBe(302);
    const zip = await fetch(res.headers.get('location') as string);
    expect(zip.headers.get('content-disposition')).toContain('aivatar-avatars.zip');
    const names = zipNames(Buffer.from(await zip.arrayBuffer()));
    expect(names.sort()).toEqual(aliceTasks.map((t) => t.download_name).sort());
  });

  it('tells support this user’s counts and storage, and one task with ?task_id=', async () => {
    const res = await callRoute('diagnoseDirectories', {
      token: alice.token,
      query: { task_id: aliceTasks[0]?.id as string },
    });
    expect(res.body).toMatchObject({
      success: true,
      tasks: { DONE: 2, ERROR: 0, TODO: 0, IN_PROGRESS: 0 },
      storage_reachable: true,
      reference_photos: 2,
      task: { id: aliceTasks[0]?.id, status: 'DONE', attempts: 1 },
    });
  });

  it('emails the user once when the batch is finished, with a link to the gallery', async () => {
    const mails = await readyMails(alice.email, /avatars are ready/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/app/gallery');
    expect(mails[0]?.text).not.toContain('/fr/');
  });
});

describe('another account', () => {
  it('cannot list, read, download, zip or diagnose someone else’s avatars: 404, nothing revealed', async () => {
    const bob = await creator({ ltd: 0 });
    expect((await callRoute('userTasks', { token: bob.token })).body.tasks).toEqual([]);
    const filename = filenameOf(aliceTasks[0] as AvatarTask);
    const data = await callRoute('resultData', { token: bob.token, params: { filename } });
    expect(data.status).toBe(404);
    expect(data.body.msg).toBe('Avatar not found.');
    const file = await callRoute('resultFile', { token: bob.token, params: { filename } });
    expect(file.status).toBe(404);
    expect((await callRoute('resultsZip', { token: bob.token })).status).toBe(404);
    const diag = await callRoute('diagnoseDirectories', {
      token: bob.token,
      query: { task_id: aliceTasks[0]?.id as string },
    });
    expect(diag.status).toBe(404);
    const own = await callRoute('diagnoseDirectories', { token: bob.token });
    expect(own.body.tasks).toEqual({ TODO: 0, IN_PROGRESS: 0, DONE: 0, ERROR: 0 });
    // Names from a request never become a path.
    for (const name of ['../x.jpg', 'a_b.jpg', `${filename}/..`, '%2e%2e']) {
      const res = await request('GET', `/aivatar/user-file/data/results/${encodeURIComponent(name)}`, {
        token: bob.token,
      });
      expect(res.status).toBe(404);
    }
  });

  it('in French gets the French email and link; with the email turned off, none until it is on again', async () => {
    const marie = await creator({ ltd: 5 }, 'fr');
    await finishedBatch(marie, 1);
    const ready = await readyMails(marie.email, /avatar est prêt/);
    expect(ready).toHaveLength(1);
    expect(ready[0]?.text).toContain('/fr/app/gallery');

    const quiet = await creator({ ltd: 5 });
    const off = await callRoute('setNotificationSettings', {
      token: quiet.token,
      body: { batch_finished_email: false },
    });
    expect(off.body.batch_finished_email).toBe(false);
    expect((await callRoute('notificationSettings', { token: quiet.token })).body.batch_finished_email).toBe(
      false,
    );
    const [single] = await finishedBatch(quiet, 1);
    await batchClosed(quiet, single?.batch_id as string);
    // Turned on again, the next batch (of two) gets its email, and it is the only one: the batch of one that
    // finished while the email was off sent none (its email would have gone before this batch was asked for).
    await callRoute('setNotificationSettings', { token: quiet.token, body: { batch_finished_email: true } });
    await finishedBatch(quiet, 2);
    await readyMails(quiet.email, /avatars are ready/);
    const mails = await readyMails(quiet.email, /ready/);
    expect(mails.map((m) => m.text.includes('2 new avatars'))).toEqual([true]);
  });

  it('with "delete my photos once my avatars are ready" loses its photos once the batch is done', async () => {
    const user = await creator({ ltd: 5 });
    await callRoute('photoRetention', { token: user.token, body: { delete_after_generation: true } });
    const [task] = await finishedBatch(user, 1);
    expect(task?.status).toBe('DONE');
    const deadline = Date.now() + 30_000;
    let files = (await callRoute('listPhotos', { token: user.token })).body.files;
    while (files.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      files = (await callRoute('listPhotos', { token: user.token })).body.files;
    }
    expect(files).toEqual([]);
  });
});
