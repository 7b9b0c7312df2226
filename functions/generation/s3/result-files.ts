// Finished avatars in the media bucket, each under its owner's prefix:
//   results/<userId>/<filename>              the avatar as the provider made it (kept)
//   result-thumbs/<userId>/<taskId>.webp      its thumbnail for the gallery (kept)
//   result-thumbs/<userId>/<taskId>-withheld.webp  a blurred copy, shown while the likeness guarantee
//                                             withholds it (docs/faces.md, "The guarantee")
//   result-sizes/<userId>/<taskId>-<preset>.jpg  a download size made from it, once (kept, like the result)
//   archives/<userId>/<setId>.zip             a "download all" ZIP of one set of results (lifecycle: 1 day;
//                                             reused for that set while it lasts; each link lasts minutes)
// Keys are built here only (an archive's in #platform/s3/archive-keys.ts, shared with the teams' ZIPs), from
// a user id and names checked against their shape once more.
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ARCHIVE_PREFIX, archiveKey } from '#platform/s3/archive-keys.ts';
import { deleteKeys } from '#platform/s3/delete-keys.ts';
import {
  isMissing,
  owner,
  readImage,
  saveWithThumbnail,
  WindowedUrlSigner,
} from '#platform/s3/media-objects.ts';
import { RESULT_PRESETS, type SizedPreset } from '#shared/result-presets.ts';
import type { ImageType } from '../domain/image-provider.ts';
import type { ArchiveUpload, ResultFiles } from '../domain/ports.ts';
import { parseResultFilename } from '../domain/task-names.ts';

export const RESULT_PREFIXES = {
  results: 'results/',
  thumbnails: 'result-thumbs/',
  sizes: 'result-sizes/',
  archives: ARCHIVE_PREFIX,
} as const;

const PRESETS: readonly string[] = RESULT_PRESETS.filter((p) => p !== 'original');

function sizeKey(userId: string, filename: string, preset: SizedPreset): string {
  const parsed = parseResultFilename(filename);
  if (!parsed || !PRESETS.includes(preset)) throw new Error(`Refusing size ${preset} of ${filename}`);
  return `${RESULT_PREFIXES.sizes}${owner(userId)}/${parsed.taskId}-${preset}.jpg`;
}

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

function resultKeys(userId: string, filename: string): { image: string; thumbnail: string } {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw new Error(`Refusing result name ${JSON.stringify(filename)}`);
  return {
    image: `${RESULT_PREFIXES.results}${owner(userId)}/${filename}`,
    thumbnail: `${RESULT_PREFIXES.thumbnails}${owner(userId)}/${parsed.taskId}.webp`,
  };
}

function previewKey(userId: string, filename: string): string {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw new Error(`Refusing result name ${JSON.stringify(filename)}`);
  return `${RESULT_PREFIXES.thumbnails}${owner(userId)}/${parsed.taskId}-withheld.webp`;
}

const MAX_CACHED_URLS = 20_000;

export class S3ResultFiles implements ResultFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly signer: WindowedUrlSigner;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
    this.signer = new WindowedUrlSigner(s3, bucket, MAX_CACHED_URLS);
  }

  async save(userId: string, filename: string, image: Uint8Array, type: ImageType, thumbnail: Uint8Array) {
    await saveWithThumbnail(
      this.s3,
      this.bucket,
      resultKeys(userId, filename),
      { bytes: image, contentType: type },
      thumbnail,
    );
  }

  async remove(userId: string, filename: string): Promise<void> {
    // What the worker stores (its role may delete under results/ and result-thumbs/ only); sizes and archives
    // are made later, by requests the deletion's last pass outlasts.
    const { image, thumbnail } = resultKeys(userId, filename);
    await deleteKeys(this.s3, this.bucket, [image, thumbnail, previewKey(userId, filename)]);
  }

  async read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    return readImage(this.s3, this.bucket, resultKeys(userId, filename).image);
  }

  async resultBytes(userId: string, filename: string): Promise<number | null> {
    try {
      const head = await this.s3.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: resultKeys(userId, filename).image }),
      );
      return head.ContentLength ?? null;
    } catch (e) {
      if (isMissing(e) || statusOf(e) === 404 || (e as Error).name === 'NotFound') return null;
      throw e;
    }
  }

  async viewUrls(userId: string, filename: string, expiresSeconds: number) {
    return this.signer.imageUrls(resultKeys(userId, filename), expiresSeconds);
  }

  async savePreview(userId: string, filename: string, preview: Uint8Array): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: previewKey(userId, filename),
        Body: preview,
        ContentType: 'image/webp',
      }),
    );
  }

  previewUrl(userId: string, filename: string, expiresSeconds: number): Promise<string> {
    return this.signer.sign(previewKey(userId, filename), expiresSeconds);
  }

  async readSize(userId: string, filename: string, preset: SizedPreset) {
    return (await readImage(this.s3, this.bucket, sizeKey(userId, filename, preset)))?.bytes ?? null;
  }

  async saveSize(userId: string, filename: string, preset: SizedPreset, image: Uint8Array): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: sizeKey(userId, filename, preset),
        Body: image,
        ContentType: 'image/jpeg',
      }),
    );
  }

  async archiveUrl(userId: string, setId: string, downloadName: string, expiresSeconds: number) {
    const Key = archiveKey(userId, setId);
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
    } catch (e) {
      if (isMissing(e) || statusOf(e) === 404 || (e as Error).name === 'NotFound') return null;
      throw e;
    }
    return getSignedUrl(
      this.s3,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key,
        ResponseContentDisposition: `attachment; filename="${downloadName.replace(/["\\]/g, '')}"`,
      }),
      { expiresIn: expiresSeconds },
    );
  }

  async saveArchive(userId: string, setId: string, archive: ArchiveUpload): Promise<void> {
    // Streamed with its length announced, so S3 takes it in one PUT while only the chunk at hand is in
    // memory (functions/generation/domain/result-archives.ts).
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: archiveKey(userId, setId),
        Body: Readable.from(archive.chunks, { objectMode: false }),
        ContentLength: archive.length,
        ContentType: 'application/zip',
      }),
    );
  }

  async reachable(userId: string): Promise<boolean> {
    // A read of a key that never exists under the user's own prefix: S3 answering at all (404, or 403 where
    // the role may not list the bucket) is what support needs to know; a network failure is not.
    try {
      await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: `${RESULT_PREFIXES.results}${owner(userId)}/.probe`,
        }),
      );
      return true;
    } catch (e) {
      const status = statusOf(e);
      return isMissing(e) || status === 403 || status === 404;
    }
  }
}
