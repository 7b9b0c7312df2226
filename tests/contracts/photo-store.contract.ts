// The PhotoStore port's contract (functions/photos/domain/ports.ts), run against the DynamoDB adapter
// (tests/integration/port-contracts.test.ts) and the fake (tests/domain/port-contracts.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountStore } from '../../functions/accounts/domain/ports.ts';
import type { NewPhoto, PhotoStore } from '../../functions/photos/domain/ports.ts';

export interface PhotoStoreSubject {
  photos: PhotoStore;
  /** the accounts the photos belong to (consents live on the account) */
  accounts: AccountStore;
}

export function photoStoreContract(make: () => PhotoStoreSubject | Promise<PhotoStoreSubject>) {
  const now = Math.floor(Date.now() / 1000);
  const photo = (fields: Partial<NewPhoto> = {}): NewPhoto => ({
    filename: `photo-${randomUUID().slice(0, 8)}.jpg`,
    originalName: 'Été à Paris.jpg',
    size: 123_456,
    contentType: 'image/jpeg',
    width: 2048,
    height: 1536,
    hints: ['small', 'face-blurry'],
    face: {
      box: { x: 0.25, y: 0.125, width: 0.5, height: 0.625 },
      eyes: { left: { x: 0.375, y: 0.375 }, right: { x: 0.625, y: 0.375 } },
      sharpness: 42.5,
      descriptor: Array.from({ length: 128 }, (_, i) => i / 256),
    },
    measures: {
      faceLuma: 117.5,
      aroundLuma: 59,
      eyesLuma: 105.1,
      lightSide: -0.042,
      yaw: -11.1,
      pitch: 6.3,
      eyeOpening: 0.273,
      smile: 0.919,
      mouthOpen: 0.226,
    },
    uploadedAt: now,
    expiresAt: now + 30 * 86_400,
    ...fields,
  });
  const byName = (a: { filename: string }, b: { filename: string }) => a.filename.localeCompare(b.filename);

  describe('PhotoStore contract', () => {
    it('keeps a photo whole and lists only those not expired', async () => {
      const { photos } = await make();
      const user = randomUUID();
      const kept = photo();
      const old = photo({ face: null, hints: [], expiresAt: now + 10 });
      expect(await photos.add(user, kept, 20, now)).toBe('added');
      expect(await photos.add(user, old, 20, now)).toBe('added');
      expect((await photos.list(user, now)).sort(byName)).toEqual([kept, old].sort(byName));
      expect(await photos.list(user, now + 10)).toEqual([kept]);
      expect(await photos.list(randomUUID(), now)).toEqual([]);
    });

    it('keeps at most maxPhotos; an expired photo gives its place back', async () => {
      const { photos } = await make();
      const user = randomUUID();
      expect(await photos.add(user, photo({ expiresAt: now + 5 }), 3, now)).toBe('added');
      expect(await photos.add(user, photo(), 3, now)).toBe('added');
      expect(await photos.add(user, photo(), 3, now)).toBe('added');
      expect(await photos.add(user, photo(), 3, now)).toBe('limit');
      expect(await photos.add(user, photo(), 3, now + 5)).toBe('added');
      expect(await photos.list(user, now + 5)).toHaveLength(3);
      expect(await photos.add(user, photo(), 3, now + 5)).toBe('limit');
    });

    it('never lets concurrent adds past the limit', async () => {
      const { photos } = await make();
      const user = randomUUID();
      const results = await Promise.all(Array.from({ length: 6 }, () => photos.add(user, photo(), 3, now)));
      expect(results.filter((r) => r === 'added')).toHaveLength(3);
      expect(results.filter((r) => r === 'limit')).toHaveLength(3);
      expect(await photos.list(user, now)).toHaveLength(3);
    });

    it('lets an upload become one photo: a second add with its claim names the first and keeps nothing', async () => {
      const { photos } = await make();
      const user = randomUUID();
      const first = photo();
      const claim = { uploadId: `upload-${randomUUID().slice(0, 8)}`, expiresAt: first.expiresAt };
      expect(await photos.add(user, first, 20, now, claim)).toBe('added');
      expect(await photos.add(user, photo(), 20, now, claim)).toEqual({ claimedBy: first.filename });
      expect(await photos.list(user, now)).toEqual([first]);
      expect(await photos.claimedUploads(user, [claim.uploadId, 'never-confirmed'])).toEqual(
        new Map([[claim.uploadId, first.filename]]),
      );
      // Claims are per account.
      expect(await photos.claimedUploads(randomUUID(), [claim.uploadId])).toEqual(new Map());
      expect(await photos.add(randomUUID(), photo(), 20, now, claim)).toBe('added');
    });

    it('gives an upload to one of two concurrent adds', async () => {
      const { photos } = await make();
      const user = randomUUID();
      const claim = { uploadId: `upload-${randomUUID().slice(0, 8)}`, expiresAt: now + 3600 };
      const [a, b] = [photo(), photo()];
      const results = await Promise.all([
        photos.add(user, a, 20, now, claim),
        photos.add(user, b, 20, now, claim),
      ]);
      expect(results.filter((r) => r === 'added')).toHaveLength(1);
      const winner = results[0] === 'added' ? a : b;
      expect(results.find((r) => r !== 'added')).toEqual({ claimedBy: winner.filename });
      expect(await photos.list(user, now)).toEqual([winner]);
    });

    it('a full account keeps nothing, claim or not', async () => {
      const { photos } = await make();
      const user = randomUUID();
      await photos.add(user, photo(), 1, now);
      const claim = { uploadId: `upload-${randomUUID().slice(0, 8)}`, expiresAt: now + 3600 };
      expect(await photos.add(user, photo(), 1, now, claim)).toBe('limit');
      expect(await photos.claimedUploads(user, [claim.uploadId])).toEqual(new Map());
    });

    it('removes a photo of the account once; an unknown or expired one is not found', async () => {
      const { photos } = await make();
      const user = randomUUID();
      const p = photo();
      const soon = photo({ expiresAt: now + 5 });
      await photos.add(user, p, 20, now);
      await photos.add(user, soon, 20, now);
      expect(await photos.remove(randomUUID(), p.filename, now)).toBeNull();
      expect(await photos.remove(user, p.filename, now)).toEqual(p);
      expect(await photos.remove(user, p.filename, now)).toBeNull();
      expect(await photos.remove(user, 'photo-unknown.jpg', now)).toBeNull();
      expect(await photos.remove(user, soon.filename, now + 5)).toBeNull();
      expect(await photos.list(user, now)).toEqual([soon]);
    });

    it('records the consents and the delete-after setting on the account, and only on an account', async () => {
      const { photos, accounts } = await make();
      const user = await accounts.createPendingAccount({
        id: randomUUID(),
        email: `ada-${randomUUID()}@example.test`,
        lang: 'en',
        createdAt: now,
        expiresAt: now + 86_400,
      });
      const consent = { processing: true, rights: false, version: '2026-11-22', updatedAt: now };
      await photos.setConsent(user.id, consent);
      await photos.setDeleteAfterGeneration(user.id, true);
      expect(await accounts.getById(user.id)).toMatchObject({
        photoConsent: consent,
        deletePhotosAfterGeneration: true,
      });
      await photos.setDeleteAfterGeneration(user.id, false);
      expect((await accounts.getById(user.id))?.deletePhotosAfterGeneration).toBe(false);
      await expect(photos.setConsent(randomUUID(), consent)).rejects.toThrow();
      await expect(photos.setDeleteAfterGeneration(randomUUID(), true)).rejects.toThrow();
    });
  });
}
