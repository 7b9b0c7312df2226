// The CaptureLinkStore port's contract (functions/photos/domain/ports.ts), run against the DynamoDB adapter
// (tests/integration/port-contracts.test.ts) and the fake (tests/domain/port-contracts.test.ts).
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CaptureLinkRecord, CaptureLinkStore } from '../../functions/photos/domain/ports.ts';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

function link(userId: string, over: Partial<CaptureLinkRecord> = {}): CaptureLinkRecord {
  return {
    userId,
    linkId: randomUUID(),
    codeHash: hash(randomUUID()),
    language: 'en',
    createdAt: now(),
    expiresAt: now() + 900,
    deviceHash: null,
    photosAdded: 0,
    ended: null,
    sessionVersion: 0,
    ...over,
  };
}

export function captureLinkStoreContract(make: () => CaptureLinkStore | Promise<CaptureLinkStore>) {
  describe('CaptureLinkStore contract', () => {
    it('keeps one link per account: a new one replaces it, the old code still names its account', async () => {
      const store = await make();
      const user = `capture-${randomUUID()}`;
      expect(await store.current(user)).toBeNull();
      const first = link(user, { language: 'fr' });
      await store.put(first, first.expiresAt + 86_400);
      expect(await store.current(user)).toEqual(first);
      expect(await store.ownerOf(first.codeHash)).toBe(user);
      const second = link(user);
      await store.put(second, second.expiresAt + 86_400);
      expect(await store.current(user)).toEqual(second);
      expect(await store.ownerOf(first.codeHash)).toBe(user);
      expect(await store.ownerOf(hash('unknown'))).toBeNull();
      // Nothing of the replaced link moves the new one.
      expect(await store.bindDevice(user, first.codeHash, hash('d'))).toBe('taken');
      expect(await store.end(user, first.codeHash, 'revoked')).toBe(false);
      expect(await store.reserve(user, first.codeHash, 1, 10, now())).toBe(0);
      expect(await store.current(user)).toEqual(second);
    });

    it('refuses a second link with the same code', async () => {
      const store = await make();
      const a = link(`capture-${randomUUID()}`);
      await store.put(a, a.expiresAt);
      await expect(
        store.put(link(`capture-${randomUUID()}`, { codeHash: a.codeHash }), a.expiresAt),
      ).rejects.toThrow();
      expect(await store.ownerOf(a.codeHash)).toBe(a.userId);
    });

    it('binds the first device only, even when two bind at once', async () => {
      const store = await make();
      const l = link(`capture-${randomUUID()}`);
      await store.put(l, l.expiresAt);
      const results = await Promise.all([
        store.bindDevice(l.userId, l.codeHash, hash('phone-a')),
        store.bindDevice(l.userId, l.codeHash, hash('phone-b')),
      ]);
      expect(results.sort()).toEqual(['bound', 'taken']);
      const bound = (await store.current(l.userId))?.deviceHash;
      expect([hash('phone-a'), hash('phone-b')]).toContain(bound);
      expect(await store.bindDevice(l.userId, l.codeHash, hash('phone-c'))).toBe('taken');
    });

    it('ends once, with its reason; an ended link reserves nothing', async () => {
      const store = await make();
      const l = link(`capture-${randomUUID()}`);
      await store.put(l, l.expiresAt);
      expect(await store.end(l.userId, l.codeHash, 'photo-limit')).toBe(true);
      expect(await store.end(l.userId, l.codeHash, 'revoked')).toBe(false);
      expect((await store.current(l.userId))?.ended).toBe('photo-limit');
      expect(await store.reserve(l.userId, l.codeHash, 1, 10, now())).toBe(0);
    });

    it('reserves places up to the cap, partly when fewer are left, and takes back what is released', async () => {
      const store = await make();
      const l = link(`capture-${randomUUID()}`);
      await store.put(l, l.expiresAt);
      expect(await store.reserve(l.userId, l.codeHash, 4, 10, now())).toBe(4);
      expect(await store.reserve(l.userId, l.codeHash, 4, 10, now())).toBe(4);
      expect(await store.reserve(l.userId, l.codeHash, 4, 10, now())).toBe(2);
      expect(await store.reserve(l.userId, l.codeHash, 1, 10, now())).toBe(0);
      expect((await store.current(l.userId))?.photosAdded).toBe(10);
      await store.release(l.userId, l.codeHash, 3);
      expect((await store.current(l.userId))?.photosAdded).toBe(7);
      // Never below zero.
      await store.release(l.userId, l.codeHash, 50);
      expect((await store.current(l.userId))?.photosAdded).toBe(7);
      expect(await store.reserve(l.userId, l.codeHash, 5, 10, now())).toBe(3);
    });

    it('reserves nothing once the link is past its time', async () => {
      const store = await make();
      const l = link(`capture-${randomUUID()}`, { expiresAt: now() + 60 });
      await store.put(l, l.expiresAt);
      expect(await store.reserve(l.userId, l.codeHash, 1, 10, now() + 61)).toBe(0);
      expect(await store.reserve(l.userId, l.codeHash, 1, 10, now())).toBe(1);
    });

    it('never passes the cap under concurrent reservations', async () => {
      const store = await make();
      const l = link(`capture-${randomUUID()}`);
      await store.put(l, l.expiresAt);
      const got = await Promise.all(
        Array.from({ length: 8 }, () => store.reserve(l.userId, l.codeHash, 2, 10, now())),
      );
      expect(got.reduce((a, b) => a + b, 0)).toBe(10);
      expect((await store.current(l.userId))?.photosAdded).toBe(10);
    });
  });
}
