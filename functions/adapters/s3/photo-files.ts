// The photos' files in the media bucket, each under its owner's prefix:
//   uploads/<userId>/<uploadId>       what the browser uploaded (deleted once checked; lifecycle: 1 day)
//   photos/<userId>/<filename>        the checked, re-encoded image (lifecycle: PHOTO_RETENTION_DAYS)
//   thumbs/<userId>/<uploadId>.webp   its thumbnail (same)
// Keys are built here only, from a user id and names checked against their shape once more.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PhotoType } from '../../../shared/photo-rules.ts';
import { isUploadId, uploadIdOf } from '../../domain/photos/photo-names.ts';
import type { PhotoFiles, UploadRead, UploadTargetForm } from '../../domain/photos/photo-ports.ts';

export const MEDIA_PREFIXES = { uploads: 'uploads/', photos: 'photos/', thumbnails: 'thumbs/' } as const;

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

function owner(userId: string): string {
  if (!USER_ID.test(userId)) throw new Error(`Refusing a storage key for user id ${JSON.stringify(userId)}`);
  return userId;
}

function uploadKey(userId: string, uploadId: string): string {
  if (!isUploadId(uploadId)) throw new Error(`Refusing upload id ${JSON.stringify(uploadId)}`);
  return `${MEDIA_PREFIXES.uploads}${owner(userId)}/${uploadId}`;
}

function photoKeys(userId: string, filename: string): { image: string; thumbnail: string } {
  const id = uploadIdOf(filename);
  if (!id) throw new Error(`Refusing photo name ${JSON.stringify(filename)}`);
  return {
    image: `${MEDIA_PREFIXES.photos}${owner(userId)}/${filename}`,
    thumbnail: `${MEDIA_PREFIXES.thumbnails}${owner(userId)}/${id}.webp`,
  };
}

const isMissing = (e: unknown) => e instanceof NoSuchKey || (e instanceof Error && e.name === 'NoSuchKey');

/** URLs signed at the start of a window stay the same for its length, so the browser's cache can hit. */
const URL_WINDOW_SECONDS = 5 * 60;
const MAX_CACHED_URLS = 10_000;

export class S3PhotoFiles implements PhotoFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;
  /** Signed URLs of the current window: the same key signed at the same time gives the same URL. */
  private readonly signed = new Map<string, string>();
  private signedWindow = 0;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
  }

  async uploadTarget(
    userId: string,
    uploadId: string,
    type: PhotoType,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<UploadTargetForm> {
    // Loaded on first use: only upload-targets requests need it, not the list every screen opens with.
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: uploadKey(userId, uploadId),
      Conditions: [
        ['content-length-range', 1, maxBytes],
        ['eq', '$Content-Type', type],
      ],
      Fields: { 'Content-Type': type },
      Expires: expiresSeconds,
    });
    return { url, fields };
  }

  async readUpload(userId: string, uploadId: string, maxBytes: number): Promise<UploadRead> {
    let res: GetObjectCommandOutput;
    try {
      res = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: uploadKey(userId, uploadId) }),
      );
    } catch (e) {
      if (isMissing(e)) return 'missing';
      throw e;
    }
    const body = res.Body as AsyncIterable<Uint8Array> & { destroy?: () => void };
    if ((res.ContentLength ?? 0) > maxBytes) {
      body.destroy?.();
      return 'too-large';
    }
    // Whatever the length header said, never hold more than maxBytes.
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) {
        body.destroy?.();
        return 'too-large';
      }
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks) };
  }

  async discardUpload(userId: string, uploadId: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: uploadKey(userId, uploadId) }));
  }

  async save(userId: string, filename: string, image: Uint8Array, thumbnail: Uint8Array): Promise<void> {
    const keys = photoKeys(userId, filename);
    // Private to the signed URL's holder; a name is never reused, so its bytes never change.
    const CacheControl = 'private, max-age=86400, immutable';
    await Promise.all([
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: keys.image,
          Body: image,
          ContentType: 'image/jpeg',
          CacheControl,
        }),
      ),
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: keys.thumbnail,
          Body: thumbnail,
          ContentType: 'image/webp',
          CacheControl,
        }),
      ),
    ]);
  }

  async read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    try {
      const res = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: photoKeys(userId, filename).image }),
      );
      if (!res.Body) return null;
      return { bytes: await res.Body.transformToByteArray(), contentType: res.ContentType ?? 'image/jpeg' };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async remove(userId: string, filename: string): Promise<void> {
    const keys = photoKeys(userId, filename);
    await Promise.all(
      [keys.image, keys.thumbnail].map((Key) =>
        this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })),
      ),
    );
  }

  async viewUrls(
    userId: string,
    filename: string,
    expiresSeconds: number,
  ): Promise<{ url: string; thumbnailUrl: string }> {
    const keys = photoKeys(userId, filename);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStart = nowSeconds - (nowSeconds % URL_WINDOW_SECONDS);
    if (windowStart !== this.signedWindow || this.signed.size > MAX_CACHED_URLS) {
      this.signed.clear();
      this.signedWindow = windowStart;
    }
    const options = {
      signingDate: new Date(windowStart * 1000),
      // valid for at least expiresSeconds from now
      expiresIn: expiresSeconds + URL_WINDOW_SECONDS,
    };
    const sign = async (Key: string): Promise<string> => {
      const cacheKey = `${expiresSeconds} ${Key}`;
      let url = this.signed.get(cacheKey);
      if (!url) {
        url = await getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key }), options);
        this.signed.set(cacheKey, url);
      }
      return url;
    };
    const [url, thumbnailUrl] = await Promise.all([sign(keys.image), sign(keys.thumbnail)]);
    return { url, thumbnailUrl };
  }
}
