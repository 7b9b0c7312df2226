// Finished avatars in the media bucket, each under its owner's prefix:
//   results/<userId>/<filename>              the avatar as the provider made it (kept)
//   result-thumbs/<userId>/<taskId>.webp      its thumbnail for the gallery (kept)
//   archives/<userId>/<random>.zip            a "download all" ZIP (lifecycle: 1 day; the link lasts minutes)
// Keys are built here only, from a user id and names checked against their shape once more.
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ImageType } from '../../domain/generation/image-provider.ts';
import type { ResultFiles } from '../../domain/generation/result-ports.ts';
import { parseResultFilename } from '../../domain/generation/task-names.ts';

export const RESULT_PREFIXES = {
  results: 'results/',
  thumbnails: 'result-thumbs/',
  archives: 'archives/',
} as const;

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

function owner(userId: string): string {
  if (!USER_ID.test(userId)) throw new Error(`Refusing a storage key for user id ${JSON.stringify(userId)}`);
  return userId;
}

function resultKeys(userId: string, filename: string): { image: string; thumbnail: string } {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw new Error(`Refusing result name ${JSON.stringify(filename)}`);
  return {
    image: `${RESULT_PREFIXES.results}${owner(userId)}/${filename}`,
    thumbnail: `${RESULT_PREFIXES.thumbnails}${owner(userId)}/${parsed.taskId}.webp`,
  };
}

const isMissing = (e: unknown) => e instanceof NoSuchKey || (e instanceof Error && e.name === 'NoSuchKey');

/** URLs signed at the start of a window stay the same for its length, so the browser's cache can hit. */
const URL_WINDOW_SECONDS = 5 * 60;
const MAX_CACHED_URLS = 20_000;
const CACHE_CONTROL = 'private, max-age=86400, immutable';

export class S3ResultFiles implements ResultFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly signed = new Map<string, string>();
  private signedWindow = 0;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
  }

  async save(userId: string, filename: string, image: Uint8Array, type: ImageType, thumbnail: Uint8Array) {
    const keys = resultKeys(userId, filename);
    await Promise.all([
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: keys.image,
          Body: image,
          ContentType: type,
          CacheControl: CACHE_CONTROL,
        }),
      ),
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: keys.thumbnail,
          Body: thumbnail,
          ContentType: 'image/webp',
          CacheControl: CACHE_CONTROL,
        }),
      ),
    ]);
  }

  async read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    try {
      const res = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: resultKeys(userId, filename).image }),
      );
      if (!res.Body) return null;
      return { bytes: await res.Body.transformToByteArray(), contentType: res.ContentType ?? 'image/jpeg' };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  private async sign(Key: string, expiresSeconds: number, disposition?: string): Promise<string> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStart = nowSeconds - (nowSeconds % URL_WINDOW_SECONDS);
    if (windowStart !== this.signedWindow || this.signed.size > MAX_CACHED_URLS) {
      this.signed.clear();
      this.signedWindow = windowStart;
    }
    const cacheKey = `${expiresSeconds} ${Key} ${disposition ?? ''}`;
    let url = this.signed.get(cacheKey);
    if (!url) {
      url = await getSignedUrl(
        this.s3,
        new GetObjectCommand({
          Bucket: this.bucket,
          Key,
          ...(disposition ? { ResponseContentDisposition: disposition } : {}),
        }),
        { signingDate: new Date(windowStart * 1000), expiresIn: expiresSeconds + URL_WINDOW_SECONDS },
      );
      this.signed.set(cacheKey, url);
    }
    return url;
  }

  async viewUrls(userId: string, filename: string, expiresSeconds: number) {
    const keys = resultKeys(userId, filename);
    const [url, thumbnailUrl] = await Promise.all([
      this.sign(keys.image, expiresSeconds),
      this.sign(keys.thumbnail, expiresSeconds),
    ]);
    return { url, thumbnailUrl };
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
