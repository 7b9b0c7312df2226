// Finished avatars in memory (ResultFiles in functions/generation/domain/ports.ts; S3 in
// functions/generation/s3/result-files.ts), under the adapter's keys in a bucket map that FakePersonalFiles can
// share (the privacy jobs list and delete these same keys). Names the adapter refuses are refused here too.
// ResultImages (sharp) faked as small marked copies, so a test can tell a thumbnail, a preview and a size apart.

import { RESULT_PRESETS, type SizedPreset } from '#shared/result-presets.ts';
import type { ImageType } from '../../../functions/generation/domain/image-provider.ts';
import type { ArchiveUpload, ResultFiles, ResultImages } from '../../../functions/generation/domain/ports.ts';
import { parseResultFilename } from '../../../functions/generation/domain/task-names.ts';
import type { RelativeBox } from '../../../functions/photos/domain/faces/ports.ts';

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/** The media bucket: object key -> bytes and type. */
export type FakeBucket = Map<string, StoredObject>;

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
const SET_ID = /^[0-9a-f]{16,64}$/;
const PRESETS: readonly string[] = RESULT_PRESETS.filter((p) => p !== 'original');

function owner(userId: string): string {
  if (!USER_ID.test(userId)) throw new Error(`Refusing a storage key for user id ${JSON.stringify(userId)}`);
  return userId;
}

function taskOf(filename: string): string {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw new Error(`Refusing result name ${JSON.stringify(filename)}`);
  return parsed.taskId;
}

export const resultKey = (userId: string, filename: string) => `results/${owner(userId)}/${filename}`;
export const thumbnailKey = (userId: string, filename: string) =>
  `result-thumbs/${owner(userId)}/${taskOf(filename)}.webp`;
export const previewKey = (userId: string, filename: string) =>
  `result-thumbs/${owner(userId)}/${taskOf(filename)}-withheld.webp`;
export function sizeKey(userId: string, filename: string, preset: SizedPreset): string {
  if (!PRESETS.includes(preset)) throw new Error(`Refusing size ${preset} of ${filename}`);
  return `result-sizes/${owner(userId)}/${taskOf(filename)}-${preset}.jpg`;
}
export function archiveKey(userId: string, setId: string): string {
  if (!SET_ID.test(setId)) throw new Error(`Refusing archive id ${JSON.stringify(setId)}`);
  return `archives/${owner(userId)}/${setId}.zip`;
}

export class FakeResultFiles implements ResultFiles {
  readonly bucket: FakeBucket;
  /** storage cannot be reached (reachable answers false; every other call throws) */
  down = false;

  constructor(bucket: FakeBucket = new Map()) {
    this.bucket = bucket;
  }

  private check(): void {
    if (this.down) throw new Error('storage unavailable (FakeResultFiles.down)');
  }

  async save(userId: string, filename: string, image: Uint8Array, type: ImageType, thumbnail: Uint8Array) {
    this.check();
    this.bucket.set(resultKey(userId, filename), { bytes: new Uint8Array(image), contentType: type });
    this.bucket.set(thumbnailKey(userId, filename), {
      bytes: new Uint8Array(thumbnail),
      contentType: 'image/webp',
    });
  }

  async remove(userId: string, filename: string): Promise<void> {
    this.check();
    for (const k of [
      resultKey(userId, filename),
      thumbnailKey(userId, filename),
      previewKey(userId, filename),
    ])
      this.bucket.delete(k);
  }

  async read(userId: string, filename: string) {
    this.check();
    const o = this.bucket.get(resultKey(userId, filename));
    return o ? { bytes: new Uint8Array(o.bytes), contentType: o.contentType } : null;
  }

  async resultBytes(userId: string, filename: string): Promise<number | null> {
    this.check();
    return this.bucket.get(resultKey(userId, filename))?.bytes.length ?? null;
  }

  async viewUrls(userId: string, filename: string, expiresSeconds: number) {
    this.check();
    return {
      url: `https://media.example.test/${resultKey(userId, filename)}?expires=${expiresSeconds}`,
      thumbnailUrl: `https://media.example.test/${thumbnailKey(userId, filename)}?expires=${expiresSeconds}`,
    };
  }

  async savePreview(userId: string, filename: string, preview: Uint8Array): Promise<void> {
    this.check();
    this.bucket.set(previewKey(userId, filename), {
      bytes: new Uint8Array(preview),
      contentType: 'image/webp',
    });
  }

  async previewUrl(userId: string, filename: string, expiresSeconds: number): Promise<string> {
    this.check();
    return `https://media.example.test/${previewKey(userId, filename)}?expires=${expiresSeconds}`;
  }

  async readSize(userId: string, filename: string, preset: SizedPreset): Promise<Uint8Array | null> {
    this.check();
    const o = this.bucket.get(sizeKey(userId, filename, preset));
    return o ? new Uint8Array(o.bytes) : null;
  }

  async saveSize(userId: string, filename: string, preset: SizedPreset, image: Uint8Array): Promise<void> {
    this.check();
    this.bucket.set(sizeKey(userId, filename, preset), {
      bytes: new Uint8Array(image),
      contentType: 'image/jpeg',
    });
  }

  async archiveUrl(userId: string, setId: string, downloadName: string, expiresSeconds: number) {
    this.check();
    const k = archiveKey(userId, setId);
    if (!this.bucket.has(k)) return null;
    return `https://media.example.test/${k}?name=${encodeURIComponent(downloadName)}&expires=${expiresSeconds}`;
  }

  async saveArchive(userId: string, setId: string, archive: ArchiveUpload): Promise<void> {
    this.check();
    const k = archiveKey(userId, setId);
    const chunks: Uint8Array[] = [];
    for await (const c of archive.chunks) chunks.push(c);
    const bytes = Buffer.concat(chunks);
    // S3 refuses a body whose length is not the one announced.
    if (bytes.length !== archive.length)
      throw new Error(`archive of ${bytes.length} bytes announced as ${archive.length}`);
    this.bucket.set(k, { bytes: new Uint8Array(bytes), contentType: 'application/zip' });
  }

  async reachable(userId: string): Promise<boolean> {
    owner(userId);
    return !this.down;
  }

  /** The archive stored for a set, if any (tests open it). */
  archive(userId: string, setId: string): Uint8Array | null {
    return this.bucket.get(archiveKey(userId, setId))?.bytes ?? null;
  }
}

const mark = (what: string, image: Uint8Array) =>
  new Uint8Array(Buffer.concat([Buffer.from(`${what}:`), Buffer.from(image.subarray(0, 32))]));

export class FakeResultImages implements ResultImages {
  readonly presets: { preset: SizedPreset; maxBytes: number; faceBox: RelativeBox | null | undefined }[] = [];

  async thumbnail(image: Uint8Array): Promise<Uint8Array> {
    return mark('thumb', image);
  }

  async blurredPreview(image: Uint8Array): Promise<Uint8Array> {
    return mark('blurred', image);
  }

  async preset(image: Uint8Array, preset: SizedPreset, maxBytes: number, faceBox?: RelativeBox | null) {
    this.presets.push({ preset, maxBytes, faceBox });
    return { bytes: mark(preset, image), contentType: 'image/jpeg' as const, width: 512, height: 512 };
  }
}
