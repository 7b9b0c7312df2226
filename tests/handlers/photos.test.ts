// The photos and photo-intake groups' handlers in-process: each route answers for the caller's own photos
// only (404, nothing revealed), names from a request never reach storage, consent and the 20-photo limit
// come before any upload target. Uploads themselves (S3, the face model) are the integration tests'.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { CONSENT_MESSAGES } from '../../functions/photos/domain/consent.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';
import { DynamoPhotoStore } from '../../functions/photos/dynamodb/photo-store.ts';
import { call, photoFiles, signedInUser, type TestUser, testTable } from '../support/handler-events.ts';

const store = () => {
  const { db, tableName } = testTable();
  return new DynamoPhotoStore(db, tableName);
};

const now = () => Math.floor(Date.now() / 1000);

const record = (name = 'mine'): PhotoRecord => ({
  filename: `${name}_${randomBytes(8).toString('hex')}.jpg`,
  originalName: `${name}.jpg`,
  size: 1000,
  contentType: 'image/jpeg',
  width: 800,
  height: 800,
  hints: [],
  face: null,
  uploadedAt: now(),
  expiresAt: now() + 86_400,
});

/** An account that gave both consents of the Manage Photos screen. */
async function consentedUser(): Promise<TestUser> {
  const user = await signedInUser();
  const res = await call('photoConsent', { token: user.token, body: { processing: true, rights: true } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, consent: { processing: true, rights: true } });
  return user;
}

/** An account with one photo, recorded by the photo store as an upload records it. */
async function userWithPhoto() {
  const user = await consentedUser();
  const photo = record();
  expect(await store().add(user.id, photo, PHOTO_LIMITS.maxPhotos, now())).toBe('added');
  await photoFiles.save(user.id, photo.filename, Buffer.from('image'), Buffer.from('thumbnail'));
  return { ...user, filename: photo.filename };
}

let alice: Awaited<ReturnType<typeof userWithPhoto>>;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([userWithPhoto(), consentedUser()]);
});

describe('another account’s photos', () => {
  it('are not listed, not readable, not deletable: 404 "Photo not found.", nothing revealed', async () => {
    expect((await call('listPhotos', { token: bob.token })).body.files).toEqual([]);
    for (const id of ['photoData', 'deletePhoto'] as const) {
      const res = await call(id, { token: bob.token, params: { filename: alice.filename } });
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ msg: 'Photo not found.', code: 'NOT_FOUND', error: 'Photo not found.' });
    }
    // Alice still has it, and reads it.
    const list = await call('listPhotos', { token: alice.token });
    expect(list.status).toBe(200);
    expect((list.body.files as { original_name: string }[]).map((f) => f.original_name)).toEqual([
      'mine.jpg',
    ]);
    const own = await call('photoData', { token: alice.token, params: { filename: alice.filename } });
    expect(own).toMatchObject({ status: 200, body: { success: true, content_type: 'image/jpeg' } });
    expect(Buffer.from(own.body.data as string, 'base64').toString()).toBe('image');
  });

  it('open by download link only for the account and the file the link was made for', async () => {
    const link = await call('createDownloadLink', {
      token: alice.token,
      body: { route: 'photoData', filename: alice.filename },
    });
    expect(link.status).toBe(200);
    const token = link.body.token as string;
    // The link alone, no session: the file it names.
    const opened = await call('photoData', { query: { token }, params: { filename: alice.filename } });
    expect(opened).toMatchObject({ status: 200, body: { success: true } });
    // Bob cannot make one for Alice's photo.
    const stolen = await call('createDownloadLink', {
      token: bob.token,
      body: { route: 'photoData', filename: alice.filename },
    });
    expect(stolen).toMatchObject({ status: 404, body: { msg: 'Photo not found.' } });
    // Nor does Alice's link open another file.
    const other = await call('photoData', {
      query: { token },
      params: { filename: 'other_0000000000000000.jpg' },
    });
    expect(other).toMatchObject({
      status: 403,
      body: { msg: 'This download link is for another file. Please download again from the app.' },
    });
    // Only routes that answer a file take a link.
    expect((await call('listPhotos', { query: { token } })).status).toBe(401);
  });
});

describe('deleting a photo', () => {
  it('removes the record, the image and the thumbnail (200), then answers 404', async () => {
    const carol = await userWithPhoto();
    expect(photoFiles.keptFiles(carol.id)).toHaveLength(1);
    const res = await call('deletePhoto', { token: carol.token, params: { filename: carol.filename } });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(photoFiles.keptFiles(carol.id)).toEqual([]);
    expect((await call('listPhotos', { token: carol.token })).body.files).toEqual([]);
    for (const id of ['photoData', 'deletePhoto'] as const)
      expect((await call(id, { token: carol.token, params: { filename: carol.filename } })).status, id).toBe(
        404,
      );
  });
});

describe('names from a request', () => {
  it('traversals, odd encodings and unknown names answer 404 on the data and delete routes', async () => {
    const names = [
      '../mine.jpg',
      `../${alice.id}/${alice.filename}`,
      '..\\..\\etc\\passwd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `${alice.filename}/..`,
      alice.filename.toUpperCase(),
      `${alice.filename}%00.jpg`,
      'mine_0000000000000000.jpg',
    ];
    for (const filename of names) {
      for (const id of ['photoData', 'deletePhoto'] as const) {
        const res = await call(id, { token: alice.token, params: { filename } });
        expect(res.status, `${id} ${filename}`).toBe(404);
        expect(res.raw).not.toContain(alice.id);
      }
    }
    expect((await call('listPhotos', { token: alice.token })).body.files).toHaveLength(1);
  });
});

describe('upload targets', () => {
  it('are refused without both consents (403), with the message naming the missing one', async () => {
    const user = await signedInUser();
    const files = [{ name: 'a.jpg', type: 'image/jpeg', size: 1000 }];
    const none = await call('photoUploadTargets', { token: user.token, body: { files } });
    expect(none).toMatchObject({
      status: 403,
      body: { code: 'CONSENT_REQUIRED', msg: CONSENT_MESSAGES.neither },
    });
    await call('photoConsent', { token: user.token, body: { processing: true, rights: false } });
    const rights = await call('photoUploadTargets', { token: user.token, body: { files } });
    expect(rights).toMatchObject({ status: 403, body: { msg: CONSENT_MESSAGES.rights } });
    const confirm = await call('confirmPhotoUploads', {
      token: user.token,
      body: { uploads: [{ id: 'x' }] },
    });
    expect(confirm).toMatchObject({ status: 403, body: { msg: CONSENT_MESSAGES.rights } });
  });

  it('are refused with 409 and a clear message once the account keeps 20 photos, on both ways in', async () => {
    const user = await consentedUser();
    for (let i = 0; i < PHOTO_LIMITS.maxPhotos; i++)
      expect(await store().add(user.id, record(`p${i}`), PHOTO_LIMITS.maxPhotos, now())).toBe('added');
    const message = 'You already have 20 photos, the most an account can keep. Delete some to upload more.';
    const targets = await call('photoUploadTargets', {
      token: user.token,
      body: { files: [{ name: 'c.jpg', type: 'image/jpeg', size: 1000 }] },
    });
    expect(targets.status).toBe(409);
    expect(targets.body.error).toBe(message);
    const confirm = await call('confirmPhotoUploads', {
      token: user.token,
      body: { uploads: [{ id: '00000000-0000-4000-8000-000000000000' }] },
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error).toBe(message);
  });
});

describe('the photo settings', () => {
  it('record "delete my photos once my avatars are ready" (200) and refuse a wrong type (400)', async () => {
    const user = await signedInUser();
    const on = await call('photoRetention', { token: user.token, body: { delete_after_generation: true } });
    expect(on).toMatchObject({ status: 200, body: { success: true, delete_after_generation: true } });
    const bad = await call('photoRetention', { token: user.token, body: { delete_after_generation: 'yes' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(bad.body.msg).toMatch(/delete_after_generation/);
  });
});
