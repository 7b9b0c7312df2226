// Finished avatars in the media bucket, each under its owner's prefix:
//   results/<userId>/<filename>              the avatar as the provider made it (kept)
//   result-thumbs/<userId>/<taskId>.webp      its thumbnail for the gallery (kept)
//   archives/<userId>/<random>.zip            a "download all" ZIP (lifecycle: 1 day; the link lasts minutes)
// Keys are built here only, from a user id and names checked against their shape once more.
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ImageType } from '../../domain/generation/image-provider.ts';
import type { ResultFiles } from '../../domain/generation/result-ports.ts';
import { parseResultFilename } from '../../domain/generation/task-names.ts';
import { isMissing, owner, readImage, saveWithThumbnail, WindowedUrlSigner } from './media-objects.ts';

export const RESULT_PREFIXES = {
  results: 'results/',
  thumbnails: 'result-thumbs/',
  archives: 'archives/',
} as const;

function resultKeys(userId: string, filename: string): { image: string; thumbnail: string } {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw new Error(`Refusing result name ${JSON.stringify(filename)}`);
  return {
    image: `${RESULT_PREFIXES.results}${owner(userId)}/${filename}`,
    thumbnail: `${RESULT_PREFIXES.thumbnails}${owner(userId)}/${parsed.taskId}.webp`,
  };
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

  async read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    return readImage(this.s3, this.bucket, resultKeys(userId, filename).image);
  }

  async viewUrls(userId: string, filename: string, expiresSeconds: number) {
    return this.signer.imageUrls(resultKeys(userId, filename), expiresSeconds);
  }

  async publishArchive(userId: string, archive: Uint8Array, downloadName: string, expiresSeconds: number) {
    const Key = `${RESULT_PREFIXES.archives}${owner(userId)}/${randomUUID()}.zip`;
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key, Body: archive, ContentType: 'application/zip' }),
    );
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
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      return isMissing(e) || status === 403 || status === 404;
    }
  }
}
