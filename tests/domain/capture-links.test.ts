// Capture links' rules (functions/photos/domain/capture-links.ts) against the in-memory ports of
// tests/support/fakes: making one (consents, one live link per account, its URL per language), the code's
// spelling, opening (first device only, the same device again), expiry by the fake clock, closing, the
// 10-photo cap counted on the link, the account's photo limit, signing out everywhere, the desktop's status.
// The DynamoDB counter's races are tests/contracts/capture-link-store.contract.ts's; the routes' access and the
// whole phone flow through real storage are tests/handlers/capture-links.test.ts's and
// tests/integration/capture-links.test.ts's.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { CAPTURE_CODE_ALPHABET, CAPTURE_ERRORS, CAPTURE_LIMITS } from '#shared/capture-rules.ts';
import { PHOTO_CONSENT_VERSION, PHOTO_LIMITS } from '#shared/photo-rules.ts';
import {
  captureUploadTargets,
  confirmCaptured,
  createCaptureLink,
  currentCaptureLink,
  normaliseCode,
  openCaptureLink,
  resolveCapture,
  revokeCaptureLink,
} from '../../functions/photos/domain/capture-links.ts';
import { uploadPhotoFiles } from '../../functions/photos/domain/intake.ts';
import { fakePhoto, fakePhotos, WEB_URL } from '../support/fakes/index.ts';

type World = ReturnType<typeof fakePhotos>;

function consented(w: World, id = 'u1', over: Partial<User> = {}): User {
  return w.accounts.seedActive({
    id,
    email: `${id}@example.com`,
    photoConsent: {
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
      updatedAt: w.clock.now(),
    },
    ...over,
  });
}

const error = (code: keyof typeof CAPTURE_ERRORS) => ({ code, message: CAPTURE_ERRORS[code].msg });

/** A link made on the desktop and opened by a phone: the phone's code and device. */
async function opened(w: World, user: User) {
  const { code } = await createCaptureLink(w.deps, user, 'en');
  const { device } = await openCaptureLink(w.deps, { code, device: undefined }, '203.0.113.9');
  return { code, device };
}

/** A link opened by a phone, its grant, and upload targets for these files (nothing posted yet). */
async function targetsOn(w: World, user: User, names: string[]) {
  const { code, device } = await opened(w, user);
  const { grant } = await resolveCapture(w.deps, code, device);
  const files = names.map((name) => ({ name, type: 'image/jpeg', size: 9 }));
  const { targets } = await captureUploadTargets(w.deps, user, grant, files);
  return { grant, targets };
}

/** The phone's shot(s): upload targets with the code, each posted, then confirmed. */
async function shoot(w: World, code: string, device: string, count = 1) {
  const { user, grant } = await resolveCapture(w.deps, code, device);
  const files = Array.from({ length: count }, (_, i) => ({
    name: `shot${i}.jpg`,
    type: 'image/jpeg',
    size: 100,
  }));
  const targets = await captureUploadTargets(w.deps, user, grant, files);
  for (const t of targets.targets) w.files.upload(user.id, t.id, fakePhoto());
  return confirmCaptured(
    w.deps,
    user,
    grant,
    targets.targets.map((t) => ({ id: t.id, name: t.name })),
  );
}

describe('making a link', () => {
  it('needs both consents, with the photo routes’ message', async () => {
    const w = fakePhotos();
    const user = w.accounts.seedActive({ id: 'u1', email: 'u1@example.com' });
    await expect(createCaptureLink(w.deps, user, 'en')).rejects.toMatchObject({ code: 'CONSENT_REQUIRED' });
    expect(await w.captureLinks.current('u1')).toBeNull();
  });

  it('answers a 12-character code of the unambiguous alphabet, its page’s URL per language, 15 minutes', async () => {
    const w = fakePhotos(1_800_000_000);
    const user = consented(w);
    const en = await createCaptureLink(w.deps, user, 'en');
    expect(en.code).toMatch(new RegExp(`^[${CAPTURE_CODE_ALPHABET}]{12}$`));
    expect(en.url).toBe(`${WEB_URL}/capture/${en.code}`);
    expect(en.expires_at).toBe(new Date((1_800_000_000 + 15 * 60) * 1000).toISOString());
    const fr = await createCaptureLink(w.deps, user, 'fr');
    expect(fr.url).toBe(`${WEB_URL}/fr/capture/${fr.code}`);
    expect(fr.code).not.toBe(en.code);
    // Only its hash is stored.
    const stored = JSON.stringify(await w.captureLinks.current('u1'));
    expect(stored).not.toContain(fr.code);
  });

  it('ends the previous one: one live link per account', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const first = await createCaptureLink(w.deps, user, 'en');
    const second = await createCaptureLink(w.deps, user, 'en');
    await expect(
      openCaptureLink(w.deps, { code: first.code, device: undefined }, 'ip'),
    ).rejects.toMatchObject(error('CAPTURE_LINK_ENDED'));
    expect((await openCaptureLink(w.deps, { code: second.code, device: undefined }, 'ip')).photos_left).toBe(
      10,
    );
  });
});

describe('a code as typed', () => {
  it('reads lower case, spaces, dashes and Crockford’s look-alikes as the code', () => {
    expect(normaliseCode('abcd-efgh 0123')).toBe('ABCDEFGH0123');
    expect(normaliseCode('IlOo23456789')).toBe('110023456789');
    expect(normaliseCode('ABCDEFGH012')).toBeNull();
    expect(normaliseCode('ABCDEFGH012U')).toBeNull();
    expect(normaliseCode('')).toBeNull();
  });
});

describe('opening a link', () => {
  it('binds the first device; the same device again gets the same answer; another one 403 in use', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { code } = await createCaptureLink(w.deps, user, 'fr');
    const first = await openCaptureLink(w.deps, { code: code.toLowerCase(), device: undefined }, 'ip');
    expect(first).toMatchObject({ language: 'fr', photos_added: 0, photos_left: 10 });
    expect(first.device.length).toBeGreaterThan(16);
    expect(await openCaptureLink(w.deps, { code, device: first.device }, 'ip')).toEqual(first);
    await expect(openCaptureLink(w.deps, { code, device: undefined }, 'ip')).rejects.toMatchObject(
      error('CAPTURE_LINK_IN_USE'),
    );
    await expect(openCaptureLink(w.deps, { code, device: 'someone-elses' }, 'ip')).rejects.toMatchObject(
      error('CAPTURE_LINK_IN_USE'),
    );
    // The upload routes take the bound device only.
    await expect(resolveCapture(w.deps, code, 'someone-elses')).rejects.toMatchObject(
      error('CAPTURE_LINK_IN_USE'),
    );
    await expect(resolveCapture(w.deps, code, undefined)).rejects.toMatchObject(error('CAPTURE_LINK_IN_USE'));
    expect((await resolveCapture(w.deps, code, first.device)).user.id).toBe('u1');
  });

  it('a link not yet opened lets no upload through', async () => {
    const w = fakePhotos();
    const { code } = await createCaptureLink(w.deps, consented(w), 'en');
    await expect(resolveCapture(w.deps, code, 'any')).rejects.toMatchObject(error('CAPTURE_LINK_IN_USE'));
  });

  it('answers 404 not found for unknown or malformed codes', async () => {
    const w = fakePhotos();
    for (const code of ['ABCDEFGH0123', 'nonsense', undefined]) {
      await expect(openCaptureLink(w.deps, { code, device: undefined }, 'ip')).rejects.toMatchObject(
        error('CAPTURE_LINK_NOT_FOUND'),
      );
    }
  });

  it('is counted per source address: past the limit, 429 whatever the code', async () => {
    const w = fakePhotos();
    const { code } = await createCaptureLink(w.deps, consented(w), 'en');
    for (let i = 0; i < CAPTURE_LIMITS.opensPerWindow; i++) {
      await openCaptureLink(w.deps, { code: 'ABCDEFGH0123', device: undefined }, '198.51.100.7').catch(
        () => null,
      );
    }
    await expect(openCaptureLink(w.deps, { code, device: undefined }, '198.51.100.7')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // Another address is not held back.
    expect((await openCaptureLink(w.deps, { code, device: undefined }, '198.51.100.8')).photos_left).toBe(10);
  });
});

describe('expiry', () => {
  it('works for 15 minutes, then says expired to the open and the upload routes; the desktop sees it', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { code, device } = await opened(w, user);
    w.clock.advance(15 * 60 - 1);
    expect((await resolveCapture(w.deps, code, device)).user.id).toBe('u1');
    w.clock.advance(1);
    await expect(openCaptureLink(w.deps, { code, device }, 'ip')).rejects.toMatchObject(
      error('CAPTURE_LINK_EXPIRED'),
    );
    await expect(resolveCapture(w.deps, code, device)).rejects.toMatchObject(error('CAPTURE_LINK_EXPIRED'));
    expect((await currentCaptureLink(w.deps, user)).status).toBe('expired');
  });

  it('a confirm reserving after the link’s time keeps nothing and says expired', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { grant, targets } = await targetsOn(w, user, ['a.jpg']);
    const id = targets[0]?.id as string;
    w.files.upload(user.id, id, fakePhoto());
    w.clock.advance(15 * 60);
    await expect(confirmCaptured(w.deps, user, grant, [{ id }])).rejects.toMatchObject(
      error('CAPTURE_LINK_EXPIRED'),
    );
    expect(await w.store.list(user.id, w.clock.now())).toHaveLength(0);
  });
});

describe('closing a link', () => {
  it('ends it for the phone (410 ended); another account’s code is 404 and closes nothing', async () => {
    const w = fakePhotos();
    const alice = consented(w, 'alice');
    const bob = consented(w, 'bob');
    const { code, device } = await opened(w, alice);
    await expect(revokeCaptureLink(w.deps, bob, code)).rejects.toMatchObject(error('CAPTURE_LINK_NOT_FOUND'));
    expect((await resolveCapture(w.deps, code, device)).user.id).toBe('alice');
    expect(await revokeCaptureLink(w.deps, alice, code)).toEqual({ success: true });
    await expect(resolveCapture(w.deps, code, device)).rejects.toMatchObject(error('CAPTURE_LINK_ENDED'));
    await expect(openCaptureLink(w.deps, { code, device }, 'ip')).rejects.toMatchObject(
      error('CAPTURE_LINK_ENDED'),
    );
    expect((await currentCaptureLink(w.deps, alice)).status).toBe('ended');
    // Closing again changes nothing.
    expect(await revokeCaptureLink(w.deps, alice, code)).toEqual({ success: true });
  });

  it('signing out everywhere ends it too', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { code, device } = await opened(w, user);
    await w.accounts.setPassword(user.id, 'new-hash', user.sessionVersion);
    await expect(resolveCapture(w.deps, code, device)).rejects.toMatchObject(error('CAPTURE_LINK_ENDED'));
    const after = (await w.accounts.getById(user.id)) as User;
    expect((await currentCaptureLink(w.deps, after)).status).toBe('ended');
  });
});

describe('the 10-photo cap', () => {
  it('adds 10 photos through one link, refuses the 11th unread, and the link has ended', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { code, device } = await opened(w, user);
    const first = await shoot(w, code, device, 7);
    expect(first.files).toHaveLength(7);
    // 3 places left: of 4 uploads, the 4th is refused with the link's words.
    const second = await shoot(w, code, device, 4);
    expect(second.files).toHaveLength(3);
    expect(second.rejections).toEqual([
      {
        name: 'shot3.jpg',
        reason: 'limit',
        message:
          '"shot3.jpg" was not added: a phone link adds up to 10 photos. Make a new one on your computer to add more.',
      },
    ]);
    expect(await w.store.list(user.id, w.clock.now())).toHaveLength(10);
    await expect(resolveCapture(w.deps, code, device)).rejects.toMatchObject(error('CAPTURE_LINK_ENDED'));
    expect(await currentCaptureLink(w.deps, user)).toMatchObject({ photos_added: 10, status: 'ended' });
  });

  it('gives back the places of photos that were not kept (no face), and does not count a confirm repeated', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { grant, targets } = await targetsOn(w, user, ['face.jpg', 'wall.jpg']);
    const [face, wall] = targets as unknown as [{ id: string }, { id: string }];
    w.files.upload(user.id, face.id, fakePhoto());
    w.files.upload(user.id, wall.id, fakePhoto({ faces: [] }));
    const res = await confirmCaptured(w.deps, user, grant, [{ id: face.id }, { id: wall.id }]);
    expect(res.files).toHaveLength(1);
    expect(res.rejections.map((r) => r.reason)).toEqual(['no-face']);
    expect((await currentCaptureLink(w.deps, user)).photos_added).toBe(1);
    // The same upload confirmed again answers its photo and takes no place.
    const again = await confirmCaptured(w.deps, user, grant, [{ id: face.id }]);
    expect(again.files).toEqual(res.files);
    expect((await currentCaptureLink(w.deps, user)).photos_added).toBe(1);
  });

  it('gives every place back when the face check cannot run, and the same confirm works later', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { grant, targets } = await targetsOn(w, user, ['a.jpg']);
    const id = targets[0]?.id as string;
    w.files.upload(user.id, id, fakePhoto());
    w.faces.broken = true;
    await expect(confirmCaptured(w.deps, user, grant, [{ id }])).rejects.toMatchObject({
      code: 'FACE_CHECK_UNAVAILABLE',
    });
    expect((await currentCaptureLink(w.deps, user)).photos_added).toBe(0);
    w.faces.broken = false;
    expect((await confirmCaptured(w.deps, user, grant, [{ id }])).files).toHaveLength(1);
    expect((await currentCaptureLink(w.deps, user)).photos_added).toBe(1);
  });
});

describe('a confirm that fails halfway', () => {
  it('keeps counted the photos it added before it failed: only the others’ places come back', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const { grant, targets } = await targetsOn(w, user, ['a.jpg', 'b.jpg']);
    for (const t of targets) w.files.upload(user.id, t.id, fakePhoto());
    // Storage fails on the second photo's file, after the first photo was kept.
    const save = w.files.save.bind(w.files);
    let saves = 0;
    w.files.save = async (...args) => {
      if (++saves === 2) throw new Error('storage unavailable');
      return save(...args);
    };
    await expect(
      confirmCaptured(
        w.deps,
        user,
        grant,
        targets.map((t) => ({ id: t.id })),
      ),
    ).rejects.toThrow('storage unavailable');
    expect(await w.store.list(user.id, w.clock.now())).toHaveLength(1);
    // The photo that was added still counts on the link: it can add 9 more, not 10.
    expect((await currentCaptureLink(w.deps, user)).photos_added).toBe(1);
  });
});

describe('the account’s photo limit', () => {
  it('ends the link once reached through it', async () => {
    const w = fakePhotos();
    const user = consented(w);
    for (let i = 0; i < PHOTO_LIMITS.maxPhotos - 2; i++)
      await uploadPhotoFiles(w.deps, user, [{ name: `p${i}.jpg`, bytes: fakePhoto() }]);
    const { code, device } = await opened(w, user);
    // The upload targets already refuse the third (the account's limit); the two kept fill it.
    const res = await shoot(w, code, device, 3);
    expect(res.files).toHaveLength(2);
    await expect(resolveCapture(w.deps, code, device)).rejects.toMatchObject(error('CAPTURE_LINK_ENDED'));
    expect((await currentCaptureLink(w.deps, user)).status).toBe('ended');
  });

  it('a link opened on a full account has ended', async () => {
    const w = fakePhotos();
    const user = consented(w);
    for (let i = 0; i < PHOTO_LIMITS.maxPhotos; i++)
      await uploadPhotoFiles(w.deps, user, [{ name: `p${i}.jpg`, bytes: fakePhoto() }]);
    const { code } = await createCaptureLink(w.deps, user, 'en');
    await expect(openCaptureLink(w.deps, { code, device: undefined }, 'ip')).rejects.toMatchObject(
      error('CAPTURE_LINK_ENDED'),
    );
  });
});

describe('the desktop’s status', () => {
  it('is 404 before any link, then waiting, open, with the code the phone has', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await expect(currentCaptureLink(w.deps, user)).rejects.toMatchObject({ code: 'CAPTURE_LINK_NOT_FOUND' });
    const made = await createCaptureLink(w.deps, user, 'fr');
    expect(await currentCaptureLink(w.deps, user)).toEqual({ ...made, photos_added: 0, status: 'waiting' });
    const { device } = await openCaptureLink(w.deps, { code: made.code, device: undefined }, 'ip');
    expect((await currentCaptureLink(w.deps, user)).status).toBe('open');
    await shoot(w, made.code, device, 2);
    expect(await currentCaptureLink(w.deps, user)).toMatchObject({ photos_added: 2, status: 'open' });
  });
});
