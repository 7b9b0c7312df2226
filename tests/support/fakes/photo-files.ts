// Photo files in memory (PhotoFiles in functions/photos/domain/ports.ts; S3 in
// functions/photos/s3/photo-files.ts): browser uploads by id under the user's prefix, then the kept image
// and thumbnail by filename. `upload` stands for the browser's POST to a target it was given.

import type { PhotoType } from '#shared/photo-rules.ts';
import { isUploadId, uploadIdOf } from '../../../functions/photos/domain/photo-names.ts';
import type { PhotoFiles, UploadRead, UploadTargetForm } from '../../../functions/photos/domain/ports.ts';

export interface IssuedTarget {
  userId: string;
  uploadId: string;
  type: PhotoType;
  maxBytes: number;
  expiresSeconds: number;
}

export class FakePhotoFiles implements PhotoFiles {
  readonly targets: IssuedTarget[] = [];
  private readonly uploads = new Map<string, Uint8Array>();
  private readonly kept = new Map<string, { image: Uint8Array; thumbnail: Uint8Array }>();
  /** how many uploads were read (a confirm of a taken id must read none) */
  reads = 0;

  async uploadTarget(
    userId: string,
    uploadId: string,
    type: PhotoType,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<UploadTargetForm> {
    checkUpload(uploadId);
    this.targets.push({ userId, uploadId, type, maxBytes, expiresSeconds });
    return {
      url: 'https://uploads.example.test/',
      fields: { key: `uploads/${userId}/${uploadId}`, 'Content-Type': type },
    };
  }

  async readUpload(userId: string, uploadId: string, maxBytes: number): Promise<UploadRead> {
    checkUpload(uploadId);
    this.reads += 1;
    const bytes = this.uploads.get(`${userId}/${uploadId}`);
    if (!bytes) return 'missing';
    if (bytes.length > maxBytes) return 'too-large';
    return { bytes: new Uint8Array(bytes) };
  }

  async discardUpload(userId: string, uploadId: string): Promise<void> {
    checkUpload(uploadId);
    this.uploads.delete(`${userId}/${uploadId}`);
  }

  async save(userId: string, filename: string, image: Uint8Array, thumbnail: Uint8Array): Promise<void> {
    checkPhoto(filename);
    this.kept.set(`${userId}/${filename}`, {
      image: new Uint8Array(image),
      thumbnail: new Uint8Array(thumbnail),
    });
  }

  async read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    checkPhoto(filename);
    const file = this.kept.get(`${userId}/${filename}`);
    return file ? { bytes: new Uint8Array(file.image), contentType: 'image/jpeg' } : null;
  }

  async remove(userId: string, filename: string): Promise<void> {
    checkPhoto(filename);
    this.kept.delete(`${userId}/${filename}`);
  }

  async viewUrls(userId: string, filename: string, expiresSeconds: number) {
    checkPhoto(filename);
    const base = `https://media.example.test/photos/${userId}/${filename}`;
    return {
      url: `${base}?expires=${expiresSeconds}`,
      thumbnailUrl: `${base}.thumb.webp?expires=${expiresSeconds}`,
    };
  }

  // ---- for tests ----

  /** The browser's POST of a file to the target of this upload id. */
  upload(userId: string, uploadId: string, bytes: Uint8Array): void {
    this.uploads.set(`${userId}/${uploadId}`, new Uint8Array(bytes));
  }

  hasUpload(userId: string, uploadId: string): boolean {
    return this.uploads.has(`${userId}/${uploadId}`);
  }

  /** Filenames kept for this account. */
  keptFiles(userId: string): string[] {
    return [...this.kept.keys()]
      .filter((k) => k.startsWith(`${userId}/`))
      .map((k) => k.slice(userId.length + 1));
  }
}

/** As the S3 adapter: keys are built from names of our own shape only, checked once more. */
function checkUpload(uploadId: string): void {
  if (!isUploadId(uploadId)) throw new Error(`Refusing upload id ${JSON.stringify(uploadId)}`);
}

function checkPhoto(filename: string): void {
  if (!uploadIdOf(filename)) throw new Error(`Refusing photo name ${JSON.stringify(filename)}`);
}
