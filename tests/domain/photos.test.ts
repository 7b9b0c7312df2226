// The reference photos' rules (functions/photos/domain: photos.ts, intake.ts, consent.ts) against the
// in-memory ports of tests/support/fakes: consents, upload targets and their limits, what a confirm and the
// multipart route keep or refuse and why, the face check's verdicts and hints, the list, view and delete.
// The real decoder and face model are tested in tests/integration/photo-checks.test.ts and face-check.test.ts;
// the store's races in tests/contracts/photo-store.contract.ts.
import { describe, expect, it } from 'vitest';
import { inOrder } from '#platform/domain/in-order.ts';
import type { User } from '#platform/domain/ports.ts';
import { PHOTO_CONSENT_VERSION, PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { CONSENT_MESSAGES } from '../../functions/photos/domain/consent.ts';
import { confirmUploads, uploadPhotoFiles } from '../../functions/photos/domain/intake.ts';
import {
  deletePhoto,
  listPhotos,
  photoData,
  setDeleteAfterGeneration,
  setPhotoConsent,
  uploadTargets,
} from '../../functions/photos/domain/photos.ts';
import { deleteAllPhotos } from '../../functions/photos/domain/retention.ts';
import { fakePhoto, fakePhotos } from '../support/fakes/index.ts';

type World = ReturnType<typeof fakePhotos>;

/** An active account that ticked both boxes under the current wording. */
function consented(w: World, id = 'u1'): User {
  return w.accounts.seedActive({
    id,
    email: `${id}@example.com`,
    photoConsent: {
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
      updatedAt: w.clock.now(),
    },
  });
}

/** Upload targets for these files, each posted by the browser, then confirmed. */
async function uploadDirect(w: World, user: User, files: { name: string; bytes: Uint8Array }[]) {
  const res = await uploadTargets(
    w.deps,
    user,
    files.map((f) => ({ name: f.name, type: 'image/jpeg', size: f.bytes.length })),
  );
  res.targets.forEach((t, i) => {
    w.files.upload(user.id, t.id, (files[i] as { bytes: Uint8Array }).bytes);
  });
  const uploads = res.targets.map((t) => ({ id: t.id, name: t.name }));
  return { targets: res.targets, uploads, confirmed: await confirmUploads(w.deps, user, uploads) };
}

/** `count` photos recorded straight in the store (as if uploaded earlier). */
async function fill(w: World, user: User, count: number) {
  for (let i = 0; i < count; i++)
    await uploadPhotoFiles(w.deps, user, [{ name: `p${i}.jpg`, bytes: fakePhoto() }]);
}

describe('consent', () => {
  it('without both boxes ticked, every upload route refuses with the message for what is missing', async () => {
    const w = fakePhotos();
    const cases: [User['photoConsent'], string][] = [
      [null, CONSENT_MESSAGES.neither],
      [
        { processing: true, rights: false, version: PHOTO_CONSENT_VERSION, updatedAt: 1 },
        CONSENT_MESSAGES.rights,
      ],
      [
        { processing: false, rights: true, version: PHOTO_CONSENT_VERSION, updatedAt: 1 },
        CONSENT_MESSAGES.processing,
      ],
      // Given under an older wording: asked again.
      [{ processing: true, rights: true, version: '2020-01-01', updatedAt: 1 }, CONSENT_MESSAGES.neither],
    ];
    expect(CONSENT_MESSAGES).toEqual({
      neither:
        'Please accept both the data processing consent and the image rights confirmation before uploading photos.',
      processing: 'Please accept the data processing consent before uploading photos.',
      rights: 'Please confirm you have the rights to use these images before uploading photos.',
    });
    for (const [photoConsent, message] of cases) {
      const user = w.accounts.seedActive({ id: 'u1', email: 'u1@example.com', photoConsent });
      const refused = { code: 'CONSENT_REQUIRED', message };
      await expect(
        uploadTargets(w.deps, user, [{ name: 'a.jpg', type: 'image/jpeg', size: 10 }]),
      ).rejects.toMatchObject(refused);
      await expect(confirmUploads(w.deps, user, [{ id: 'a_0000000000000000' }])).rejects.toMatchObject(
        refused,
      );
      await expect(
        uploadPhotoFiles(w.deps, user, [{ name: 'a.jpg', bytes: fakePhoto() }]),
      ).rejects.toMatchObject(refused);
    }
    expect(w.images.calls).toBe(0);
  });

  it('is recorded on the account with both boxes, the wording version and the time, and can be withdrawn', async () => {
    const w = fakePhotos();
    const user = w.accounts.seedActive({ id: 'u1', email: 'u1@example.com' });
    const given = await setPhotoConsent(w.deps, user, { processing: true, rights: true });
    expect(given).toEqual({
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
      updated_at: w.clock.now(),
    });
    expect((await w.accounts.getById('u1'))?.photoConsent).toEqual({
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
      updatedAt: w.clock.now(),
    });
    w.clock.advance(60);
    expect(await setPhotoConsent(w.deps, user, { processing: true, rights: false })).toMatchObject({
      rights: false,
      updated_at: w.clock.now(),
    });
    const withdrawn = (await w.accounts.getById('u1')) as User;
    await expect(
      uploadTargets(w.deps, withdrawn, [{ name: 'a.jpg', type: 'image/jpeg', size: 9 }]),
    ).rejects.toMatchObject({
      message: CONSENT_MESSAGES.rights,
    });
  });

  it('keeps "delete my photos once my avatars are ready" on the account', async () => {
    const w = fakePhotos();
    const user = consented(w);
    expect(await setDeleteAfterGeneration(w.deps, user, true)).toBe(true);
    expect((await w.accounts.getById(user.id))?.deletePhotosAfterGeneration).toBe(true);
    expect(
      (await listPhotos(w.deps, (await w.accounts.getById(user.id)) as User)).delete_after_generation,
    ).toBe(true);
  });
});

describe('upload targets', () => {
  it('one per acceptable file, under a name of the server’s, valid 5 minutes; the others refused with their reason', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadTargets(w.deps, user, [
      { name: 'Me at the beach.JPG', type: 'IMAGE/JPEG', size: 1000 },
      { name: 'scan.pdf', type: 'application/pdf', size: 1000 },
      { name: 'huge.png', type: 'image/png', size: PHOTO_LIMITS.maxBytes + 1 },
      { name: 'empty.webp', type: 'image/webp', size: 0 },
      { name: 'Été.webp', type: 'image/webp', size: PHOTO_LIMITS.maxBytes },
    ]);
    expect(res.expires_in).toBe(300);
    expect(res.targets.map((t) => [t.name, t.id])).toEqual([
      ['Me at the beach.JPG', expect.stringMatching(/^me-at-the-beach_[0-9a-f]{16}$/)],
      ['Été.webp', expect.stringMatching(/^ete_[0-9a-f]{16}$/)],
    ]);
    expect(w.files.targets.map((t) => [t.type, t.maxBytes, t.expiresSeconds])).toEqual([
      ['image/jpeg', PHOTO_LIMITS.maxBytes, 300],
      ['image/webp', PHOTO_LIMITS.maxBytes, 300],
    ]);
    expect(res).toMatchObject({
      success: true,
      rejectedCount: 3,
      rejected: ['scan.pdf', 'huge.png', 'empty.webp'],
    });
    expect(res.rejections.map((r) => r.message)).toEqual([
      '"scan.pdf" is not a JPG, PNG or WEBP image.',
      '"huge.png" is larger than 15 MB.',
      '"empty.webp" is not a valid image.',
    ]);
  });

  it('only as many as the account has free places; a full account is refused', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await fill(w, user, PHOTO_LIMITS.maxPhotos - 1);
    const res = await uploadTargets(w.deps, user, [
      { name: 'a.jpg', type: 'image/jpeg', size: 10 },
      { name: 'b.jpg', type: 'image/jpeg', size: 10 },
    ]);
    expect(res.targets.map((t) => t.name)).toEqual(['a.jpg']);
    expect(res.rejections).toEqual([
      {
        name: 'b.jpg',
        reason: 'limit',
        message: '"b.jpg" was not added: an account keeps up to 20 photos. Delete some to add more.',
      },
    ]);
    await fill(w, user, 1);
    await expect(
      uploadTargets(w.deps, user, [{ name: 'c.jpg', type: 'image/jpeg', size: 10 }]),
    ).rejects.toMatchObject({
      code: 'PHOTO_LIMIT_REACHED',
      message: 'You already have 20 photos, the most an account can keep. Delete some to upload more.',
    });
  });

  it('are capped per account within their lifetime, with a clear refusal; other accounts are not affected', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const ask = (n: number, who = user) =>
      uploadTargets(
        w.deps,
        who,
        Array.from({ length: n }, (_, i) => ({ name: `p${i}.jpg`, type: 'image/jpeg', size: 1000 })),
      );
    expect((await ask(PHOTO_LIMITS.maxPhotos)).targets).toHaveLength(20);
    w.clock.advance(100);
    expect((await ask(PHOTO_LIMITS.maxTargetsPerWindow - PHOTO_LIMITS.maxPhotos)).targets).toHaveLength(5);
    const refused = ask(1);
    await expect(refused).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'You have started more uploads than your account can take at once. Please wait a few minutes and try again.',
      retryAfterSeconds: PHOTO_LIMITS.uploadTargetSeconds - 100,
    });
    expect((await ask(3, consented(w, 'u2'))).targets).toHaveLength(3);
    w.clock.advance(PHOTO_LIMITS.uploadTargetSeconds - 100);
    expect((await ask(1)).targets).toHaveLength(1);
  });
});

describe('confirming browser uploads', () => {
  it('keeps each upload as a photo under a name of its own, with its face and hints, and discards the upload', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { targets, confirmed } = await uploadDirect(w, user, [{ name: 'Me.jpg', bytes: fakePhoto() }]);
    const id = targets[0]?.id as string;
    expect(confirmed).toEqual({
      success: true,
      files: [expect.stringMatching(/^me_[0-9a-f]{16}\.jpg$/)],
      rejected: [],
      rejectedCount: 0,
      rejections: [],
      // the phone cannot list photos: the kept ones come back with their scores
      photos: [
        {
          filename: confirmed.files[0],
          quality: { score: expect.any(Number), reasons: expect.any(Array) },
          hints: [],
        },
      ],
    });
    const [filename] = confirmed.files;
    expect(filename).not.toBe(`${id}.jpg`);
    expect(w.files.hasUpload(user.id, id)).toBe(false);
    expect(w.files.keptFiles(user.id)).toEqual([filename]);
    const [record] = await w.store.list(user.id, w.clock.now());
    expect(record).toMatchObject({
      filename,
      originalName: 'Me.jpg',
      width: 1600,
      height: 1200,
      hints: [],
      uploadedAt: w.clock.now(),
      expiresAt: w.clock.now() + 30 * 86_400,
      face: { sharpness: 200, descriptor: expect.any(Array) },
    });
  });

  it('keeps one photo for the same upload twice in a call, and a retried confirm answers it reading nothing', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { uploads, confirmed } = await uploadDirect(w, user, [{ name: 'twice.jpg', bytes: fakePhoto() }]);
    const upload = uploads[0] as { id: string; name: string };
    const again = await confirmUploads(w.deps, user, [upload, upload]);
    expect(again.files).toEqual(confirmed.files);
    // A file posted again to the same form is discarded unread.
    w.files.upload(user.id, upload.id, fakePhoto({ faces: [{ person: 'someone-else' }] }));
    const reads = w.files.reads;
    expect((await confirmUploads(w.deps, user, [upload])).files).toEqual(confirmed.files);
    expect(w.files.reads).toBe(reads);
    expect(w.files.hasUpload(user.id, upload.id)).toBe(false);
    expect(await w.store.list(user.id, w.clock.now())).toHaveLength(1);
    // Once its photo is deleted, the taken upload is not found, and nothing new is kept.
    await deletePhoto(w.deps, user, confirmed.files[0] as string);
    await expect(confirmUploads(w.deps, user, [upload])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Upload not found.',
    });
    expect(await w.store.list(user.id, w.clock.now())).toEqual([]);
  });

  it("answers 'Upload not found.' for uploads that never arrived, made-up ids and another account's uploads", async () => {
    const w = fakePhotos();
    const user = consented(w);
    const other = consented(w, 'u2');
    const targets = await uploadTargets(w.deps, user, [
      { name: 'never-sent.jpg', type: 'image/jpeg', size: 10 },
    ]);
    const theirs = await uploadDirect(w, other, [{ name: 'theirs.jpg', bytes: fakePhoto() }]);
    for (const uploads of [
      [{ id: targets.targets[0]?.id as string, name: 'never-sent.jpg' }],
      [{ id: '../../etc/passwd' }, { id: 'UPPER_0000000000000000' }],
      theirs.uploads,
    ]) {
      await expect(confirmUploads(w.deps, user, uploads)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Upload not found.',
      });
    }
    // One missing among found ones is a rejection of that one only.
    const mixed = await uploadDirect(w, user, [{ name: 'here.jpg', bytes: fakePhoto() }]);
    const res = await confirmUploads(w.deps, user, [
      ...mixed.uploads,
      { id: 'gone_0123456789abcdef', name: 'gone.jpg' },
    ]);
    expect(res.rejections).toEqual([
      {
        name: 'gone.jpg',
        reason: 'not-found',
        message: '"gone.jpg" did not arrive, or its upload expired. Please upload it again.',
      },
    ]);
  });

  it('refuses an upload bigger than 15 MB whatever size was announced, reading no further', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadTargets(w.deps, user, [{ name: 'big.jpg', type: 'image/jpeg', size: 1000 }]);
    const id = res.targets[0]?.id as string;
    const big = new Uint8Array(PHOTO_LIMITS.maxBytes + 1);
    big.set(fakePhoto());
    w.files.upload(user.id, id, big);
    const confirmed = await confirmUploads(w.deps, user, [{ id, name: 'big.jpg' }]);
    expect(confirmed).toMatchObject({
      success: false,
      rejections: [{ reason: 'size', message: '"big.jpg" is larger than 15 MB.' }],
    });
    expect(w.images.calls).toBe(0);
  });

  it('refuses a full account before reading, discarding the uploads', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const targets = await uploadTargets(w.deps, user, [{ name: 'late.jpg', type: 'image/jpeg', size: 10 }]);
    const id = targets.targets[0]?.id as string;
    w.files.upload(user.id, id, fakePhoto());
    await fill(w, user, PHOTO_LIMITS.maxPhotos);
    await expect(confirmUploads(w.deps, user, [{ id, name: 'late.jpg' }])).rejects.toMatchObject({
      code: 'PHOTO_LIMIT_REACHED',
    });
    expect(w.files.hasUpload(user.id, id)).toBe(false);
  });

  it('checks at most 60 photos an hour per account, saying when; the uploads wait for the retry', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await w.limiter.hit(
      'photo_checks:user',
      user.id,
      PHOTO_LIMITS.maxChecksPerHour,
      3600,
      { userId: user.id },
      59,
    );
    w.clock.advance(600);
    const files = [
      { name: 'a.jpg', bytes: fakePhoto() },
      { name: 'b.jpg', bytes: fakePhoto() },
    ];
    const targets = await uploadTargets(
      w.deps,
      user,
      files.map((f) => ({ name: f.name, type: 'image/jpeg', size: 9 })),
    );
    targets.targets.forEach((t, i) => {
      w.files.upload(user.id, t.id, (files[i] as { bytes: Uint8Array }).bytes);
    });
    const uploads = targets.targets.map((t) => ({ id: t.id, name: t.name }));
    await expect(confirmUploads(w.deps, user, uploads)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'You have sent more photos in the last hour than an account can have checked (60). Please try again in 50 minutes.',
      retryAfterSeconds: 3000,
    });
    expect(await w.store.list(user.id, w.clock.now())).toEqual([]);
    expect(uploads.every((u) => w.files.hasUpload(user.id, u.id))).toBe(true);
    expect((await confirmUploads(w.deps, user, uploads.slice(0, 1))).files).toHaveLength(1);
    // Another account is not affected.
    expect((await uploadPhotoFiles(w.deps, consented(w, 'u2'), files)).files).toHaveLength(2);
  });

  it('when the face model cannot run: a clear error, nothing kept, nothing lost, and the same call works again', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const targets = await uploadTargets(w.deps, user, [{ name: 'a.jpg', type: 'image/jpeg', size: 9 }]);
    const id = targets.targets[0]?.id as string;
    w.files.upload(user.id, id, fakePhoto());
    w.faces.broken = true;
    await expect(confirmUploads(w.deps, user, [{ id, name: 'a.jpg' }])).rejects.toMatchObject({
      code: 'FACE_CHECK_UNAVAILABLE',
      message:
        'We could not check the faces in your photos just now. Nothing was saved: please try again in a moment.',
    });
    expect(await w.store.list(user.id, w.clock.now())).toEqual([]);
    expect(w.files.keptFiles(user.id)).toEqual([]);
    expect(w.files.hasUpload(user.id, id)).toBe(true);
    w.faces.broken = false;
    expect((await confirmUploads(w.deps, user, [{ id, name: 'a.jpg' }])).files).toHaveLength(1);
  });
});

describe('the multipart route', () => {
  it('refuses no photos, and more than one confirm takes before decoding any, keeping nothing', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await expect(uploadPhotoFiles(w.deps, user, [])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'No photos in the request: send them in the field photos.',
    });
    const six = Array.from({ length: PHOTO_LIMITS.maxPerConfirm + 1 }, (_, i) => ({
      name: `f${i}.jpg`,
      bytes: fakePhoto(),
    }));
    await expect(uploadPhotoFiles(w.deps, user, six)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Send at most 5 photos in one request: send the others in another one.',
    });
    expect(w.images.calls).toBe(0);
    // Refused before the hourly count.
    expect(w.limiter.counter('photo_checks:user', user.id)).toBeNull();
  });

  it('answers each file that is not an acceptable photo with its reason, keeping the others', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadPhotoFiles(w.deps, user, [
      { name: 'notes.jpg', bytes: new TextEncoder().encode('just some text') },
      { name: 'broken.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
      { name: 'tiny.jpg', bytes: fakePhoto({ width: 800, height: 511 }) },
      { name: 'bomb.png', bytes: fakePhoto({ width: 40_000, height: 40_000 }) },
      { name: 'me.jpg', bytes: fakePhoto() },
    ]);
    expect(res.files).toHaveLength(1);
    expect(res.rejections).toEqual([
      { name: 'notes.jpg', reason: 'not-an-image', message: '"notes.jpg" is not a valid image.' },
      { name: 'broken.jpg', reason: 'not-an-image', message: '"broken.jpg" is not a valid image.' },
      {
        name: 'tiny.jpg',
        reason: 'too-small',
        message: '"tiny.jpg" is too small: photos need at least 512 px on their short side.',
      },
      {
        name: 'bomb.png',
        reason: 'too-many-pixels',
        message: '"bomb.png" is too large: images can have at most 40 megapixels.',
      },
    ]);
    expect(res).toMatchObject({
      success: true,
      rejectedCount: 4,
      rejected: ['notes.jpg', 'broken.jpg', 'tiny.jpg', 'bomb.png'],
    });
  });

  it('refuses a photo with no face and a group photo; a far face in the background does not count', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadPhotoFiles(w.deps, user, [
      { name: 'landscape.jpg', bytes: fakePhoto({ faces: [] }) },
      { name: 'unsure.jpg', bytes: fakePhoto({ faces: [{ score: 0.3 }] }) },
      { name: 'group.jpg', bytes: fakePhoto({ faces: [{ person: 'ada' }, { person: 'bob' }] }) },
      {
        name: 'poster.jpg',
        bytes: fakePhoto({
          faces: [{ person: 'ada' }, { person: 'bob', box: { x: 0.8, y: 0.1, width: 0.05, height: 0.06 } }],
        }),
      },
    ]);
    expect(res.rejections).toEqual([
      {
        name: 'landscape.jpg',
        reason: 'no-face',
        message: 'No face found in this photo. Use a photo where your face is clearly visible.',
      },
      {
        name: 'unsure.jpg',
        reason: 'no-face',
        message: 'No face found in this photo. Use a photo where your face is clearly visible.',
      },
      {
        name: 'group.jpg',
        reason: 'several-faces',
        message: 'This photo shows more than one person. Use a photo of you alone.',
      },
    ]);
    expect(res.files).toEqual([expect.stringMatching(/^poster_[0-9a-f]{16}\.jpg$/)]);
  });

  it('warns about small, dark and bright photos and a small or blurry face, and keeps them', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadPhotoFiles(w.deps, user, [
      { name: 'small.jpg', bytes: fakePhoto({ width: 900, height: 700 }) },
      { name: 'dark.jpg', bytes: fakePhoto({ meanLuma: 30 }) },
      { name: 'bright.jpg', bytes: fakePhoto({ meanLuma: 240 }) },
      // A soft frame with a sharp face: the face decides, no whole-image 'blurry'.
      { name: 'soft.jpg', bytes: fakePhoto({ sharpness: 5 }) },
      {
        name: 'far.jpg',
        bytes: fakePhoto({ faces: [{ box: { x: 0.45, y: 0.4, width: 0.05, height: 0.06 }, sharpness: 20 }] }),
      },
    ]);
    expect(res.rejections).toEqual([]);
    const photos = await w.store.list(user.id, w.clock.now());
    const hints = Object.fromEntries(photos.map((p) => [p.originalName, p.hints]));
    expect(hints).toEqual({
      'small.jpg': ['small'],
      'dark.jpg': ['dark'],
      'bright.jpg': ['bright'],
      'soft.jpg': [],
      'far.jpg': ['face-small', 'face-blurry'],
    });
  });

  it('keeps at most 20 photos: past them each file is refused by name, then the whole request', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await fill(w, user, PHOTO_LIMITS.maxPhotos - 1);
    const res = await uploadPhotoFiles(w.deps, user, [
      { name: 'last.jpg', bytes: fakePhoto() },
      { name: 'one-too-many.jpg', bytes: fakePhoto() },
    ]);
    expect(res.files).toHaveLength(1);
    expect(res.rejections).toEqual([
      {
        name: 'one-too-many.jpg',
        reason: 'limit',
        message:
          '"one-too-many.jpg" was not added: an account keeps up to 20 photos. Delete some to add more.',
      },
    ]);
    expect(w.files.keptFiles(user.id)).toHaveLength(PHOTO_LIMITS.maxPhotos);
    await expect(
      uploadPhotoFiles(w.deps, user, [{ name: 'x.jpg', bytes: fakePhoto() }]),
    ).rejects.toMatchObject({
      code: 'PHOTO_LIMIT_REACHED',
    });
  });

  it('a photo past its 30 days frees its place and is gone from the list', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await fill(w, user, PHOTO_LIMITS.maxPhotos);
    const [old] = (await listPhotos(w.deps, user)).files;
    w.clock.advance(30 * 86_400);
    expect((await listPhotos(w.deps, user)).files).toEqual([]);
    await expect(photoData(w.deps, user, old?.filename as string)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      (await uploadPhotoFiles(w.deps, user, [{ name: 'new.jpg', bytes: fakePhoto() }])).files,
    ).toHaveLength(1);
  });
});

describe('the list, the data route and delete', () => {
  it('lists newest first with short-lived URLs and the face box, never the descriptor', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await uploadPhotoFiles(w.deps, user, [{ name: 'first.jpg', bytes: fakePhoto() }]);
    w.clock.advance(1);
    await uploadPhotoFiles(w.deps, user, [{ name: 'second.jpg', bytes: fakePhoto() }]);
    const list = await listPhotos(w.deps, user);
    expect(list.success).toBe(true);
    expect(list.consent).toMatchObject({ processing: true, rights: true, version: PHOTO_CONSENT_VERSION });
    expect(list.files.map((f) => f.original_name)).toEqual(['second.jpg', 'first.jpg']);
    const [newest] = list.files;
    expect(newest).toMatchObject({
      content_type: 'image/jpeg',
      width: 1600,
      height: 1200,
      hints: [],
      face_box: { x: 0.35, y: 0.2, width: 0.3, height: 0.4 },
      url: expect.stringContaining('expires=900'),
      thumbnail_url: expect.stringContaining('expires=900'),
    });
    expect(JSON.stringify(list)).not.toContain('descriptor');
  });

  it('flags a photo that may show someone else against the others, and judges the set again after a delete', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const one = (name: string, person: string) =>
      uploadPhotoFiles(w.deps, user, [{ name, bytes: fakePhoto({ faces: [{ person }] }) }]);
    await one('ada-1.jpg', 'ada');
    await one('bob.jpg', 'bob');
    // Two faces far apart: nothing says which is the user, so both are flagged.
    const hintsOf = async () =>
      Object.fromEntries((await listPhotos(w.deps, user)).files.map((f) => [f.original_name, f.hints]));
    expect(await hintsOf()).toEqual({ 'ada-1.jpg': ['someone-else'], 'bob.jpg': ['someone-else'] });
    const ada2 = (await one('ada-2.jpg', 'ada')).files[0] as string;
    expect(await hintsOf()).toEqual({ 'ada-1.jpg': [], 'ada-2.jpg': [], 'bob.jpg': ['someone-else'] });
    await deletePhoto(w.deps, user, ada2);
    expect(await hintsOf()).toEqual({ 'ada-1.jpg': ['someone-else'], 'bob.jpg': ['someone-else'] });
  });

  it('gives the image as base64, and answers "Photo not found." for any other name', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const other = consented(w, 'u2');
    const [mine] = (await uploadPhotoFiles(w.deps, user, [{ name: 'me.jpg', bytes: fakePhoto() }])).files;
    const data = await photoData(w.deps, user, mine as string);
    expect(data).toMatchObject({ success: true, content_type: 'image/jpeg' });
    expect(Buffer.from(data.data, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const name of [
      '../u1/me.jpg',
      '..%2Fme.jpg',
      'me.jpg',
      `${'a'.repeat(60)}_0123456789abcdef.jpg`,
      'unknown_0123456789abcdef.jpg',
    ]) {
      await expect(photoData(w.deps, user, name), name).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Photo not found.',
      });
      await expect(deletePhoto(w.deps, user, name), name).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    // Another account's photo is not found either, and stays.
    await expect(photoData(w.deps, other, mine as string)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deletePhoto(w.deps, other, mine as string)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listPhotos(w.deps, user)).files).toHaveLength(1);
  });

  it('deletes the record, the image and the thumbnail once', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const [name] = (await uploadPhotoFiles(w.deps, user, [{ name: 'me.jpg', bytes: fakePhoto() }])).files;
    expect(await deletePhoto(w.deps, user, name as string)).toEqual({ success: true });
    expect(w.files.keptFiles(user.id)).toEqual([]);
    expect((await listPhotos(w.deps, user)).files).toEqual([]);
    await expect(deletePhoto(w.deps, user, name as string)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes every photo of an account (retention), counting them', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await fill(w, user, 3);
    expect(await deleteAllPhotos(w.deps, user.id)).toBe(3);
    expect(w.files.keptFiles(user.id)).toEqual([]);
    expect(await deleteAllPhotos(w.deps, user.id)).toBe(0);
  });
});

describe('processing several files', () => {
  it('keeps their order whatever finishes first, and stops at the first failure', async () => {
    const delays = [30, 0, 10, 0];
    const order = await inOrder(delays, 2, async (ms) => {
      await new Promise((r) => setTimeout(r, ms));
      return ms;
    });
    expect(order).toEqual(delays);
    let started = 0;
    await expect(
      inOrder([1, 2, 3, 4, 5], 1, async (n) => {
        started++;
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(started).toBe(2);
  });
});
