// A download size is made once and stored next to its result, a "Download all" archive is
// built once per set of results and reused until the set changes, and both are limited per user (429).
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { GALLERY_LIMITS } from '../../functions/generation/domain/gallery.ts';
import { callRoute, stack } from '../support/api.ts';
import { createBody, creator, stylesCosting, userIdOf, waitForTasks } from '../support/avatars.ts';
import { bucketClient, bucketKeys } from '../support/photos.ts';

type Creator = Awaited<ReturnType<typeof creator>>;

const filenameOf = (t: AvatarTask) => (t.result_path as string).replace(/^results\//, '');

async function finished(user: Creator, n: number): Promise<AvatarTask[]> {
  const res = await callRoute('createTasksBatch', {
    token: user.token,
    body: createBody(await stylesCosting(n)),
  });
  expect(res.status).toBe(200);
  return waitForTasks(user.token, res.body.task_ids);
}

const head = (Key: string) =>
  bucketClient().send(new HeadObjectCommand({ Bucket: stack().mediaBucket, Key }));
const read = async (Key: string) =>
  Buffer.from(
    (await (
      await bucketClient().send(new GetObjectCommand({ Bucket: stack().mediaBucket, Key }))
    ).Body?.transformToByteArray()) as Uint8Array,
  );

/** The key the ZIP route redirects to, and its entry names. */
async function zipNow(token: string): Promise<{ key: string; names: string[] }> {
  const res = await callRoute('resultsZip', { token });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') as string);
  const key = decodeURIComponent(location.pathname).replace(`/${stack().mediaBucket}/`, '');
  const zip = Buffer.from(await (await fetch(location)).arrayBuffer());
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4))
    names.push(zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString('utf8'));
  return { key, names };
}

let alice: Creator;
let aliceTasks: AvatarTask[];
beforeAll(async () => {
  alice = await creator({ ltd: 10 });
  aliceTasks = await finished(alice, 2);
}, 60_000);

describe('download sizes', () => {
  it('are made once, stored next to the result, and served from storage after that', async () => {
    const t = aliceTasks[0] as AvatarTask;
    const filename = filenameOf(t);
    const key = `result-sizes/${userIdOf(alice.token)}/${t.id}-4k.jpg`;
    expect(await bucketKeys(key)).toEqual([]);
    const first = await callRoute('resultData', {
      token: alice.token,
      params: { filename },
      query: { preset: '4k' },
    });
    expect(first.status).toBe(200);
    const made = Buffer.from(first.body.data, 'base64');
    const meta = await sharp(made).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(4096);
    // Stored as answered.
    const stored = await head(key);
    expect((await read(key)).equals(made)).toBe(true);

    // The second request reads the stored size: the object is not written again (same ETag and time), and
    // the file route answers the same bytes.
    const second = await callRoute('resultFile', {
      token: alice.token,
      params: { filename },
      query: { preset: '4k' },
    });
    expect(second.status).toBe(200);
    expect(second.raw.equals(made)).toBe(true);
    const after = await head(key);
    expect(after.ETag).toBe(stored.ETag);
    expect(after.LastModified?.getTime()).toBe(stored.LastModified?.getTime());

    // What storage holds is what is served (nothing is resized again): another picture put in its place
    // comes back as the 4K download.
    const planted = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    await bucketClient().send(
      new PutObjectCommand({
        Bucket: stack().mediaBucket,
        Key: key,
        Body: planted,
        ContentType: 'image/jpeg',
      }),
    );
    const third = await callRoute('resultFile', {
      token: alice.token,
      params: { filename },
      query: { preset: '4k' },
    });
    expect(third.raw.equals(planted)).toBe(true);
    // Each preset has its own stored size; the original is never copied.
    await callRoute('resultFile', {
      token: alice.token,
      params: { filename },
      query: { preset: 'linkedin' },
    });
    await callRoute('resultFile', { token: alice.token, params: { filename } });
    expect((await bucketKeys(`result-sizes/${userIdOf(alice.token)}/`)).sort()).toEqual(
      [key, `result-sizes/${userIdOf(alice.token)}/${t.id}-linkedin.jpg`].sort(),
    );
  });
});

describe('the "Download all" archive', () => {
  it('is built once per set of results, reused for it, and built again when the set changes', async () => {
    const user = await creator({ ltd: 10 });
    const prefix = `archives/${userIdOf(user.token)}/`;
    const tasks = await finished(user, 1);
    const first = await zipNow(user.token);
    expect(first.key.startsWith(prefix)).toBe(true);
    expect(first.names).toEqual(tasks.map((t) => t.download_name));
    const built = await head(first.key);

    const again = await zipNow(user.token);
    expect(again.key).toBe(first.key);
    const reused = await head(first.key);
    expect(reused.ETag).toBe(built.ETag);
    expect(reused.LastModified?.getTime()).toBe(built.LastModified?.getTime());
    expect(await bucketKeys(prefix)).toEqual([first.key]);

    // A new avatar: a new set, so a new archive that holds it too.
    const more = await finished(user, 1);
    const changed = await zipNow(user.token);
    expect(changed.key).not.toBe(first.key);
    // (the same style twice: the second name gets a number)
    expect(changed.names).toHaveLength(tasks.length + more.length);
    expect(changed.names).toEqual(expect.arrayContaining(first.names));
    expect((await bucketKeys(prefix)).sort()).toEqual([first.key, changed.key].sort());
  }, 60_000);
});

describe('limits per user', () => {
  it('answer 429 with Retry-After past the resized downloads a person makes', async () => {
    const filename = filenameOf(aliceTasks[1] as AvatarTask);
    const { limit } = GALLERY_LIMITS.presetDownloads;
    // Alice used a few above; ask until refused (twice the limit, in case a window ends meanwhile).
    let refused = null;
    for (let i = 0; i <= 2 * limit && !refused; i++) {
      const res = await callRoute('resultFile', {
        token: alice.token,
        params: { filename },
        query: { preset: 'linkedin' },
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused?.body.msg).toBe(
      'Too many resized downloads in a short time. Please wait a few minutes and try again.',
    );
    expect(refused?.body.code).toBe('RATE_LIMITED');
    // The original is not limited.
    expect((await callRoute('resultFile', { token: alice.token, params: { filename } })).status).toBe(200);
  }, 60_000);

  it('answer 429 past the "Download all" requests a person makes, by link or by session', async () => {
    const user = await creator({ ltd: 10 });
    await finished(user, 1);
    const { limit } = GALLERY_LIMITS.archiveRequests;
    for (let i = 0; i < limit; i++) {
      const res =
        i % 2
          ? await callRoute('resultsZip', { token: user.token })
          : await callRoute('createDownloadLink', { token: user.token, body: { route: 'resultsZip' } });
      expect(res.status, `request ${i + 1}`).toBe(i % 2 ? 302 : 200);
    }
    for (const res of [
      await callRoute('resultsZip', { token: user.token }),
      await callRoute('createDownloadLink', { token: user.token, body: { route: 'resultsZip' } }),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body.msg).toBe(
        'Too many "Download all" requests in a short time. Please wait a few minutes and try again.',
      );
    }
  }, 60_000);
});
