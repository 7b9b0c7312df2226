// What only the whole stack sees of the photos' access rules: an upload in flight in the bucket, raw paths as
// the gateway matches them, stored names, the 20-photo limit under concurrent uploads, a malformed record.
// Listing, reading and deleting another account's photos, the names a route is given and the 409 of the
// upload targets are the photos handler's (tests/handlers/photos.test.ts).
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { DynamoPhotoStore } from '../../functions/photos/dynamodb/photo-store.ts';
import { callRoute, request, stack } from '../support/api.ts';
import { testDb, userIdOf } from '../support/avatars.ts';
import {
  bucketKeys,
  consentedUser,
  postToBucket,
  uploadDirect,
  uploadMultipart,
  uploadTargetsFor,
} from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

const ownerOf = (key: string) => key.split('/')[1] as string;

/** An account with one photo; its name and the account's storage prefix id. */
async function userWithPhoto() {
  const user = await consentedUser();
  const { confirmed, targets } = await uploadDirect(user.token, [
    { name: 'mine.jpg', bytes: await testPhoto() },
  ]);
  const filename = confirmed[0]?.body.files[0] as string;
  return { ...user, filename, owner: ownerOf(targets.body.targets[0]?.fields.key as string) };
}

describe('another account’s photos', () => {
  it('cannot confirm (take) another account’s upload in flight: 404, nothing revealed', async () => {
    const alice = await userWithPhoto();
    const bob = await consentedUser();

    // Alice's upload in flight: Bob cannot confirm (take) it.
    const photo = await testPhoto({ seed: 9 });
    const pending = (await uploadTargetsFor(alice.token, [{ name: 'pending.jpg', bytes: photo }])).body
      .targets[0];
    if (!pending) throw new Error('no target');
    expect((await postToBucket(pending, { name: 'pending.jpg', bytes: photo })).ok).toBe(true);
    const stolen = await callRoute('confirmPhotoUploads', {
      token: bob.token,
      body: { uploads: [{ id: pending.id }] },
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.msg).toBe('Upload not found.');
    expect((await callRoute('listPhotos', { token: bob.token })).body.files).toEqual([]);

    // Alice still has everything and can confirm her own upload.
    const own = await callRoute('confirmPhotoUploads', {
      token: alice.token,
      body: { uploads: [{ id: pending.id, name: 'pending.jpg' }] },
    });
    expect(own.body.files).toHaveLength(1);
    const list = await callRoute('listPhotos', { token: alice.token });
    expect(list.body.files.map((f) => f.original_name).sort()).toEqual(['mine.jpg', 'pending.jpg']);
  });
});

describe('names from a request', () => {
  it('raw paths with dot segments, as the gateway matches them, answer 404 on the data and delete routes', async () => {
    const alice = await userWithPhoto();
    // Raw paths with dot segments, as a client could send them (the names a route is given are the photos
    // handler's: tests/handlers/photos.test.ts).
    for (const path of [
      `/photos/data/..%2F..%2F${alice.filename}`,
      '/photos/data/%2e%2e',
      '/photos/%2E%2E',
    ]) {
      const method = path.startsWith('/photos/data') ? 'GET' : 'DELETE';
      expect((await request(method, path, { token: alice.token })).status, path).toBe(404);
    }
    expect((await callRoute('listPhotos', { token: alice.token })).body.files).toHaveLength(1);
  });

  it('unicode, traversal and very long file names are stored under the account’s own prefix with safe names', async () => {
    const user = await consentedUser();
    const names = [
      '../../../etc/passwd.jpg',
      '..\\..\\windows\\system32.jpg',
      'Été à Paris 📸 — 2024.jpg',
      '写真.jpg',
      `${'very-long-name-'.repeat(15)}.jpg`,
      '%2e%2e%2f%2e%2e%2fescape.jpg',
    ];
    const files = await Promise.all(
      names.map(async (name, i) => ({ name, bytes: await testPhoto({ seed: 20 + i }) })),
    );
    const upload = await uploadDirect(user.token, files);
    for (const target of upload.targets.body.targets) {
      expect(target.fields.key).toMatch(/^uploads\/[0-9a-f-]{36}\/[a-z0-9-]{1,40}_[0-9a-f]{16}$/);
    }
    const stored = upload.confirmed.flatMap((c) => c.body.files);
    expect(stored).toHaveLength(names.length);
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^etc-passwd_[0-9a-f]{16}\.jpg$/),
        expect.stringMatching(/^windows-system32_[0-9a-f]{16}\.jpg$/),
        expect.stringMatching(/^ete-a-paris-2024_[0-9a-f]{16}\.jpg$/),
        expect.stringMatching(/^photo_[0-9a-f]{16}\.jpg$/),
        expect.stringMatching(/^very-long-name-very-long-name-very-long_[0-9a-f]{16}\.jpg$/),
        expect.stringMatching(/^2e-2e-2f-2e-2e-2fescape_[0-9a-f]{16}\.jpg$/),
      ]),
    );
    const owner = ownerOf(upload.targets.body.targets[0]?.fields.key as string);
    const everything = await bucketKeys();
    const mine = everything.filter((k) => k.includes(owner));
    expect(mine).toHaveLength(names.length * 2);
    for (const key of mine)
      expect(key).toMatch(new RegExp(`^(photos|thumbs)/${owner}/[a-z0-9_-]+\\.(jpg|webp)$`));
    // Nothing escaped to the bucket's top level: every key is under a product prefix and an account's id
    // (avatars, ZIPs and exports come from other tests sharing the bucket; a team's ZIP is under its team's id;
    // style pictures have no owner).
    for (const key of everything)
      expect(key).toMatch(
        /^((uploads|photos|thumbs|results|result-thumbs|result-sizes|archives|exports)\/[0-9a-f-]{36}\/|archives\/team-[0-9a-f-]{36}\/|style-images\/[^/]+$)/,
      );
    // The names on the device are kept for display only.
    const list = await callRoute('listPhotos', { token: user.token });
    // (shortened to 100 characters)
    expect(list.body.files.map((f) => f.original_name).sort()).toEqual(
      names.map((n) => [...n].slice(0, 100).join('')).sort(),
    );
  });
});

describe('the 20-photo limit', () => {
  it('lets one of two racing uploads take the last place, and refuses a 21st on the multipart route', async () => {
    const { token } = await consentedUser();
    // One photo through the API, then 18 more places taken by its record's copies, written by the photo
    // store itself (the face model would take 10 s of the shared API for photos this test does not look at).
    const first = await uploadMultipart(token, [
      { name: 'p0.jpg', bytes: await testPhoto({ width: 640, height: 640, seed: 100, quality: 70 }) },
    ]);
    expect(first.body.files).toHaveLength(1);
    const store = new DynamoPhotoStore(testDb(), stack().tableName);
    const userId = userIdOf(token);
    const now = Math.floor(Date.now() / 1000);
    const [record] = await store.list(userId, now);
    if (!record) throw new Error('the first photo is not recorded');
    for (let i = 1; i < 19; i++) {
      const filename = `p${i}_${randomBytes(8).toString('hex')}.jpg`;
      expect(await store.add(userId, { ...record, filename }, PHOTO_LIMITS.maxPhotos, now)).toBe('added');
    }
    expect((await callRoute('listPhotos', { token })).body.files).toHaveLength(19);

    // Two uploads race for the last place: the database lets exactly one in.
    const a = await testPhoto({ width: 640, height: 640, seed: 200 });
    const b = await testPhoto({ width: 640, height: 640, seed: 201 });
    const [ta, tb] = await Promise.all([
      uploadTargetsFor(token, [{ name: 'a.jpg', bytes: a }]),
      uploadTargetsFor(token, [{ name: 'b.jpg', bytes: b }]),
    ]);
    const targetA = ta.body.targets[0];
    const targetB = tb.body.targets[0];
    if (!targetA || !targetB) throw new Error('both should get a target while a place is free');
    await postToBucket(targetA, { name: 'a.jpg', bytes: a });
    await postToBucket(targetB, { name: 'b.jpg', bytes: b });
    const [ca, cb] = await Promise.all([
      callRoute('confirmPhotoUploads', { token, body: { uploads: [{ id: targetA.id, name: 'a.jpg' }] } }),
      callRoute('confirmPhotoUploads', { token, body: { uploads: [{ id: targetB.id, name: 'b.jpg' }] } }),
    ]);
    const outcomes = [ca, cb].map((r) => (r.status === 200 && r.body.files.length === 1 ? 'in' : 'out'));
    expect(outcomes.sort()).toEqual(['in', 'out']);
    const loser = [ca, cb].find((r) => !(r.status === 200 && r.body.files.length === 1));
    expect(loser?.body.msg ?? loser?.body.rejections?.[0]?.message).toMatch(
      /up to 20 photos|already have 20 photos/,
    );
    expect((await callRoute('listPhotos', { token })).body.files).toHaveLength(PHOTO_LIMITS.maxPhotos);

    const message = 'You already have 20 photos, the most an account can keep. Delete some to upload more.';
    const multipart = await uploadMultipart(token, [{ name: 'c.jpg', bytes: a }]);
    expect(multipart.status).toBe(409);
    expect(multipart.body.error).toBe(message);
    expect((await callRoute('listPhotos', { token })).body.files).toHaveLength(20);
  });
});

describe('a photo record that does not match its shape', () => {
  it('is left out of the list (which still answers), and its place is not given to a new photo', async () => {
    const { token, filename } = await userWithPhoto();
    const userId = userIdOf(token);
    // A record of place 01 whose face data was written wrong (a descriptor of strings), as a bad script might.
    await testDb().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: {
          pk: `USER#${userId}`,
          sk: 'PHOTO#01',
          filename: 'broken_0123456789abcdef.jpg',
          face: { descriptor: ['not', 'numbers'] },
          expires_at: Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
    const list = await callRoute('listPhotos', { token });
    expect(list.status).toBe(200);
    expect(list.body.files.map((f) => f.filename)).toEqual([filename]);
    // A new photo takes a free place, not the broken one's (which it would overwrite).
    const more = await uploadMultipart(token, [{ name: 'more.jpg', bytes: await testPhoto({ seed: 9 }) }]);
    expect(more.status).toBe(200);
    expect((await callRoute('listPhotos', { token })).body.files).toHaveLength(2);
    const raw = await testDb().send(
      new GetCommand({ TableName: stack().tableName, Key: { pk: `USER#${userId}`, sk: 'PHOTO#01' } }),
    );
    expect(raw.Item?.filename).toBe('broken_0123456789abcdef.jpg');
  });
});
