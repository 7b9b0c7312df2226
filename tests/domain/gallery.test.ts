// The gallery's reads (functions/generation/domain: gallery.ts, gallery-links.ts, result-archives.ts) against
// the in-memory ports: the task list's pages and words, pending estimates, withheld avatars, downloads in a
// preset's size (made once), the ZIPs (built once per set) and the download links. S3's signed URLs and the
// real image resizing stay in tests/integration.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { JwtLinkTokens } from '../../functions/accounts/jose/jwt-link-tokens.ts';
import { createAvatarBatch } from '../../functions/generation/domain/create-batch.ts';
import {
  diagnose,
  GALLERY_LIMITS,
  listUserTasks,
  parsePreset,
  resultData,
  resultImage,
} from '../../functions/generation/domain/gallery.ts';
import { createDownloadLink } from '../../functions/generation/domain/gallery-links.ts';
import {
  archiveUrl,
  currentArchive,
  prepareArchive,
} from '../../functions/generation/domain/result-archives.ts';
import { processTaskMessage } from '../../functions/generation/domain/worker.ts';
import { fakeGeneration } from '../support/fakes/generation.ts';

type World = ReturnType<typeof fakeGeneration>;

async function errorOf(
  p: Promise<unknown>,
): Promise<{ code?: string; message: string; retryAfterSeconds?: number }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a refusal');
}

/** `count` avatars made (one style each), then `pending` more left queued. */
async function gallery(w: World, count: number, o: { pending?: number; fields?: Partial<User> } = {}) {
  const user = await w.user({ tokensLtd: 1000, ...o.fields });
  for (let i = 0; i < count; i++) {
    await createAvatarBatch(w.create, user, { styles: [1 + (i % 5)], style_prompts: [''] }, null);
    w.clock.advance(1);
  }
  for (const m of w.queue.receive())
    await processTaskMessage(w.worker, m, { receiveCount: 1, remainingMs: 60_000 });
  for (let i = 0; i < (o.pending ?? 0); i++) {
    await createAvatarBatch(w.create, user, { styles: [1], style_prompts: [''] }, null);
    w.clock.advance(1);
  }
  return user;
}

describe('the task list', () => {
  it('pages newest first with a cursor, and describes finished avatars with their URLs', async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 3);
    const first = await listUserTasks(w.gallery, user, { limit: '2' });
    expect(first.tasks).toHaveLength(2);
    expect(first.next_cursor).toBe(first.tasks[1]?.id);
    const rest = await listUserTasks(w.gallery, user, { cursor: first.next_cursor as string });
    expect(rest).toMatchObject({ next_cursor: null });
    expect(rest.tasks).toHaveLength(1);
    const done = first.tasks[0];
    expect(done).toMatchObject({
      status: 'DONE',
      favourite: false,
      withheld: false,
      render_kind: 'ai',
      thumbnail_url: expect.stringContaining('result-thumbs/'),
      image_url: expect.stringContaining('results/'),
      result_path: expect.stringMatching(/^results\//),
    });
    expect(done?.download_name).toMatch(/^[a-z0-9-]+\.(jpg|png|webp)$/);
    // Limits outside 1-200 fall back to the default page.
    expect((await listUserTasks(w.gallery, user, { limit: '0' })).tasks).toHaveLength(3);
    expect((await listUserTasks(w.gallery, user, { limit: '500' })).tasks).toHaveLength(3);
  });

  it('refuses a cursor it did not make and a bad favourites flag; lists favourites', async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 2);
    expect((await errorOf(listUserTasks(w.gallery, user, { cursor: 'USER#x' }))).message).toBe(
      'Invalid cursor: use the next_cursor of the page before.',
    );
    expect((await errorOf(listUserTasks(w.gallery, user, { favourites: 'yes' }))).message).toBe(
      'Invalid favourites: use true or false.',
    );
    const [a] = w.tasks.all(user.id);
    await w.tasks.setFavourite(user.id, a?.id as string, true, w.clock.now());
    const favs = await listUserTasks(w.gallery, user, { favourites: 'true' });
    expect(favs.tasks.map((t) => t.id)).toEqual([a?.id]);
    expect(favs.tasks[0]?.favourite).toBe(true);
  });

  it("says why a task failed in the user's language, and estimates pending ones", async () => {
    const w = fakeGeneration();
    const user = await w.user({ lang: 'fr', tokensLtd: 100 });
    await createAvatarBatch(w.create, user, { styles: [1, 2], style_prompts: ['', ''] }, null);
    w.provider.answer({ kind: 'refusal' });
    const [m] = w.queue.receive();
    await processTaskMessage(w.worker, m as { taskId: string; userId: string }, {
      receiveCount: 1,
      remainingMs: 60_000,
    });
    w.clock.advance(3);
    const { tasks } = await listUserTasks(w.gallery, user, {});
    const failed = tasks.find((t) => t.status === 'ERROR');
    expect(failed).toMatchObject({
      refunded: true,
      error:
        "Le système de sécurité du fournisseur d'IA a refusé cette photo ou ce style. Vos jetons vous ont été rendus.",
    });
    const pending = tasks.find((t) => t.status === 'TODO');
    expect(pending).toMatchObject({ stage: 'queued', running_late: false });
    expect(pending?.seconds_left).toBeGreaterThan(0);
    // The estimate's durations unreadable: the list is still answered, with the defaults.
    w.durations.broken = true;
    expect((await listUserTasks(w.gallery, user, {})).tasks.find((t) => t.status === 'TODO')?.stage).toBe(
      'queued',
    );
  });

  it('shows a withheld avatar as its blurred preview only, and never serves its pixels', async () => {
    const w = fakeGeneration();
    const user = await w.user({ tokensLtd: 100 }, []);
    await w.addPhoto(user.id, 'ada', 0);
    await w.addPhoto(user.id, 'ada', 1, 'zed');
    await createAvatarBatch(w.create, user, { styles: [1], style_prompts: [''] }, null);
    for (const m of w.queue.receive())
      await processTaskMessage(w.worker, m, { receiveCount: 1, remainingMs: 60_000 });
    const [task] = (await listUserTasks(w.gallery, user, {})).tasks;
    expect(task).toMatchObject({ withheld: true, likeness_refunded: true, favourite: false });
    expect(task?.preview_url).toContain('-withheld.webp');
    expect(task).not.toHaveProperty('image_url');
    const file = w.tasks.all(user.id)[0]?.resultFile as string;
    expect(await errorOf(resultImage(w.gallery, user, file, 'original'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await errorOf(prepareArchive(w.gallery, user, 'all'))).toMatchObject({
      message: 'No finished avatars to download yet.',
    });
  });
});

describe('downloads', () => {
  it("serves the caller's own result as stored, and a preset's size made once", async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 1);
    const other = await w.user();
    const file = w.tasks.all(user.id)[0]?.resultFile as string;
    const original = await resultImage(w.gallery, user, file, 'original');
    expect(original.downloadName).toMatch(/^[a-z0-9-]+\.(png|jpg|webp)$/);
    expect(original.bytes.length).toBeGreaterThan(0);
    expect(await errorOf(resultImage(w.gallery, other, file, 'original'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await errorOf(resultImage(w.gallery, user, '../etc/passwd', 'original'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const preset = parsePreset('linkedin');
    const sized = await resultImage(w.gallery, user, file, preset);
    expect(sized.contentType).toBe('image/jpeg');
    await resultData(w.gallery, user, file, preset);
    expect(w.images.presets).toHaveLength(1);
    expect(w.images.presets[0]?.maxBytes).toBe(GALLERY_LIMITS.maxPresetBytes);
    expect((await resultData(w.gallery, user, file, 'original')).data).toBe(
      Buffer.from(original.bytes).toString('base64'),
    );
    expect(parsePreset(undefined)).toBe('original');
    expect(() => parsePreset('huge')).toThrow(/^Unknown preset: use /);
  });

  it('limits sized downloads per user', async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 1);
    const file = w.tasks.all(user.id)[0]?.resultFile as string;
    for (let i = 0; i < GALLERY_LIMITS.presetDownloads.limit; i++)
      await resultImage(w.gallery, user, file, 'linkedin');
    expect(await errorOf(resultImage(w.gallery, user, file, 'linkedin'))).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many resized downloads in a short time. Please wait a few minutes and try again.',
    });
  });

  it('builds the ZIP once per set, names duplicates apart, and rebuilds when the set changes', async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 6);
    const setId = await prepareArchive(w.gallery, user, 'all');
    const zip = unzipSync(w.results.archive(user.id, setId) as Uint8Array);
    const names = Object.keys(zip);
    expect(names).toHaveLength(6);
    expect(new Set(names).size).toBe(6);
    expect(names.some((n) => /-2\.[a-z]+$/.test(n))).toBe(true);
    expect(await prepareArchive(w.gallery, user, 'all')).toBe(setId);
    const url = await currentArchive(w.gallery, user, 'all');
    expect(url).toContain('aivatar-avatars.zip');
    const [a] = w.tasks.all(user.id);
    await w.tasks.setFavourite(user.id, a?.id as string, true, w.clock.now());
    const favs = await prepareArchive(w.gallery, user, 'favourites');
    expect(favs).not.toBe(setId);
    expect(Object.keys(unzipSync(w.results.archive(user.id, favs) as Uint8Array))).toHaveLength(1);
    expect(await errorOf(archiveUrl(w.gallery, user, 'ab'.repeat(20), 'all'))).toMatchObject({
      message: 'This download has expired. Please download again from the gallery.',
    });
    const empty = await w.user();
    expect((await errorOf(prepareArchive(w.gallery, empty, 'favourites'))).message).toBe(
      'No favourite avatars to download yet: star the ones you want first.',
    );
  });

  it('leaves out a result gone from storage, and refuses a set over the size cap before reading it', async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 2);
    const [a, b] = w.tasks.all(user.id);
    await w.results.remove(user.id, a?.resultFile as string);
    const setId = await prepareArchive(w.gallery, user, 'all');
    expect(Object.keys(unzipSync(w.results.archive(user.id, setId) as Uint8Array))).toHaveLength(1);
    w.bucket.set(`results/${user.id}/${b?.resultFile}`, {
      bytes: new Uint8Array(GALLERY_LIMITS.maxArchiveBytes + 1),
      contentType: 'image/png',
    });
    const other = await gallery(w, 0);
    expect(other).toBeDefined();
    await w.tasks.setFavourite(user.id, b?.id as string, true, w.clock.now());
    expect((await errorOf(prepareArchive(w.gallery, user, 'favourites'))).message).toMatch(
      /^Your favourite avatars together are more than 300 MB, too large for one download\./,
    );
  });

  it('limits archive requests per user', async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 1);
    for (let i = 0; i < GALLERY_LIMITS.archiveRequests.limit; i++)
      await prepareArchive(w.gallery, user, 'all');
    expect((await errorOf(prepareArchive(w.gallery, user, 'all'))).message).toBe(
      'Too many "Download all" requests in a short time. Please wait a few minutes and try again.',
    );
  });
});

describe('download links and diagnosis', () => {
  const links = new JwtLinkTokens({ secret: 'l'.repeat(48), issuer: 'aivatar-test' });

  it("issues a link only for the caller's own file, photo or archive", async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 1);
    const deps = { ...w.gallery, links };
    const file = w.tasks.all(user.id)[0]?.resultFile as string;
    const photo = (await w.photoStore.list(user.id, w.clock.now()))[0]?.filename as string;
    expect(
      (await createDownloadLink(deps, user, { route: 'resultFile', filename: file })).token,
    ).toBeTruthy();
    expect(
      (await createDownloadLink(deps, user, { route: 'photoData', filename: photo })).token,
    ).toBeTruthy();
    expect((await createDownloadLink(deps, user, { route: 'resultsZip' })).token).toBeTruthy();
    expect(
      await errorOf(createDownloadLink(deps, user, { route: 'photoData', filename: 'x.jpg' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Photo not found.',
    });
    expect((await errorOf(createDownloadLink(deps, user, { route: 'resultFile' }))).message).toBe(
      'Say which file the link is for (filename).',
    );
    expect((await errorOf(createDownloadLink(deps, user, { route: 'teamMembersCsv' }))).message).toBe(
      'Say which team the link is for (team_id).',
    );
    expect(
      (await createDownloadLink(deps, user, { route: 'teamMembersCsv', team_id: 't1' })).token,
    ).toBeTruthy();
    expect(await errorOf(createDownloadLink(deps, user, { route: 'favouritesZip' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const other = await w.user();
    expect(
      await errorOf(createDownloadLink(deps, other, { route: 'resultFile', filename: file })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("tells support the account's tasks, last error, storage and photos", async () => {
    const w = fakeGeneration();
    const user = await gallery(w, 1, { pending: 1 });
    const id = w.tasks.all(user.id)[0]?.id as string;
    await w.tasks.fail(user.id, id, 'timed-out', w.clock.now(), {
      ledgerEntryIds: { subscription: 'a', ltd: 'b' },
    });
    const report = await diagnose(w.gallery, user, id);
    expect(report).toMatchObject({
      tasks: { TODO: 0, IN_PROGRESS: 0, DONE: 1, ERROR: 1 },
      last_error: { task_id: id, error: 'timed-out' },
      storage_reachable: true,
      reference_photos: 3,
      task: { id, status: 'ERROR', refunded: true, attempts: 0 },
    });
    w.results.down = true;
    expect((await diagnose(w.gallery, user)).storage_reachable).toBe(false);
    expect(await errorOf(diagnose(w.gallery, user, '176722560099-aaaaaaaaaaaa'))).toMatchObject({
      message: 'Task not found.',
    });
  });
});
