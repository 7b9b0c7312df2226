// The PhotoFiles port's contract (functions/photos/domain/ports.ts), run against the S3 adapter on the local
// S3 stand-in (tests/integration/port-contracts.test.ts) and the fake (tests/domain/port-contracts.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PhotoFiles, UploadTargetForm } from '../../functions/photos/domain/ports.ts';

export interface PhotoFilesSubject {
  files: PhotoFiles;
  /** The browser's POST of a file to a target it was given (for `userId` and `uploadId`). */
  post(target: UploadTargetForm, userId: string, uploadId: string, bytes: Uint8Array): Promise<void>;
}

export function photoFilesContract(make: () => PhotoFilesSubject | Promise<PhotoFilesSubject>) {
  const hex = () => randomUUID().replace(/-/g, '').slice(0, 16);
  const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

  describe('PhotoFiles contract', () => {
    it('takes an upload posted to its target and reads it back whole, never past the limit', async () => {
      const { files, post } = await make();
      const user = randomUUID();
      const id = `me_${hex()}`;
      const target = await files.uploadTarget(user, id, 'image/png', 1000, 300);
      expect(target.fields['Content-Type']).toBe('image/png');
      await post(target, user, id, bytes(600));
      expect(await files.readUpload(user, id, 1000)).toEqual({ bytes: expect.any(Uint8Array) });
      expect(Buffer.from(((await files.readUpload(user, id, 1000)) as { bytes: Uint8Array }).bytes)).toEqual(
        Buffer.from(bytes(600)),
      );
      expect(await files.readUpload(user, id, 599)).toBe('too-large');
      // Uploads are the user's own.
      expect(await files.readUpload(randomUUID(), id, 1000)).toBe('missing');
      await files.discardUpload(user, id);
      expect(await files.readUpload(user, id, 1000)).toBe('missing');
      await files.discardUpload(user, id);
      expect(await files.readUpload(user, `never_${hex()}`, 1000)).toBe('missing');
    });

    it('keeps a photo and its thumbnail by name, reads the image back as a JPEG, removes both', async () => {
      const { files } = await make();
      const user = randomUUID();
      const name = `me_${hex()}.jpg`;
      await files.save(user, name, bytes(300, 1), bytes(50, 2));
      const read = await files.read(user, name);
      expect(read?.contentType).toBe('image/jpeg');
      expect(Buffer.from(read?.bytes ?? [])).toEqual(Buffer.from(bytes(300, 1)));
      expect(await files.read(randomUUID(), name)).toBeNull();
      const urls = await files.viewUrls(user, name, 900);
      expect(urls.url).not.toBe(urls.thumbnailUrl);
      await files.remove(user, name);
      expect(await files.read(user, name)).toBeNull();
      await files.remove(user, name);
      expect(await files.read(user, `other_${hex()}.jpg`)).toBeNull();
    });

    it('refuses names that are not of its own making, before touching storage', async () => {
      const { files } = await make();
      const user = randomUUID();
      for (const bad of ['../x', 'UPPER_0123456789abcdef', 'me_0123456789abcdef/../../y', '']) {
        await expect(files.uploadTarget(user, bad, 'image/jpeg', 10, 60), bad).rejects.toThrow(/Refusing/);
        await expect(files.readUpload(user, bad, 10), bad).rejects.toThrow(/Refusing/);
      }
      for (const bad of ['me.png', '../me_0123456789abcdef.jpg', 'me_0123456789abcdef']) {
        await expect(files.save(user, bad, bytes(1), bytes(1)), bad).rejects.toThrow(/Refusing/);
        await expect(files.read(user, bad), bad).rejects.toThrow(/Refusing/);
      }
    });
  });
}
