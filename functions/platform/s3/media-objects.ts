// What the media bucket's adapters share: the owner segment of a key, an image saved with its thumbnail,
// an image read back (a missing object is not a failure), and GET URLs signed for a time window, so that
// repeated list calls answer identical URLs the browser's cache can hit.
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The `<userId>` part of a key, checked against an id's shape once more. */
export function owner(userId: string): string {
  if (!USER_ID.test(userId)) throw new Error(`Refusing a storage key for user id ${JSON.stringify(userId)}`);
  return userId;
}

/** The object is not there (as opposed to S3 failing). */
export const isMissing = (e: unknown): boolean =>
  e instanceof NoSuchKey || (e instanceof Error && e.name === 'NoSuchKey');

/** Private to the signed URL's holder; a name is never reused, so its bytes never change. */
const IMMUTABLE = 'private, max-age=86400, immutable';

export async function saveWithThumbnail(
  s3: S3Client,
  bucket: string,
  keys: { image: string; thumbnail: string },
  image: { bytes: Uint8Array; contentType: string },
  thumbnail: Uint8Array,
): Promise<void> {
  await Promise.all([
    s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: keys.image,
        Body: image.bytes,
        ContentType: image.contentType,
        CacheControl: IMMUTABLE,
      }),
    ),
    s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: keys.thumbnail,
        Body: thumbnail,
        ContentType: 'image/webp',
        CacheControl: IMMUTABLE,
      }),
    ),
  ]);
}

/** An image's bytes and type; null when there is no such object. */
export async function readImage(
  s3: S3Client,
  bucket: string,
  Key: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  try {
    const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
    if (!res.Body) return null;
    return { bytes: await res.Body.transformToByteArray(), contentType: res.ContentType ?? 'image/jpeg' };
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

/** URLs signed at the start of a window stay the same for its length. */
const URL_WINDOW_SECONDS = 5 * 60;

export class WindowedUrlSigner {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly maxCachedUrls: number;
  /** Signed URLs of the current window: the same key signed at the same time gives the same URL. */
  private readonly signed = new Map<string, string>();
  /** An image's two URLs of the current window, together: a gallery of 200 asks for 200 pairs at once. */
  private readonly pairs = new Map<string, Readonly<{ url: string; thumbnailUrl: string }>>();
  private signedWindow = 0;

  constructor(s3: S3Client, bucket: string, maxCachedUrls: number) {
    this.s3 = s3;
    this.bucket = bucket;
    this.maxCachedUrls = maxCachedUrls;
  }

  /** The current window's start (Unix seconds); a new window forgets what the last one signed. */
  private window(): number {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStart = nowSeconds - (nowSeconds % URL_WINDOW_SECONDS);
    if (windowStart !== this.signedWindow || this.signed.size > this.maxCachedUrls) {
      this.signed.clear();
      this.pairs.clear();
      this.signedWindow = windowStart;
    }
    return windowStart;
  }

  /** A GET URL of the object, valid for at least `expiresSeconds` from now. */
  async sign(Key: string, expiresSeconds: number): Promise<string> {
    const windowStart = this.window();
    const cacheKey = `${expiresSeconds} ${Key}`;
    let url = this.signed.get(cacheKey);
    if (!url) {
      url = await getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key }), {
        signingDate: new Date(windowStart * 1000),
        expiresIn: expiresSeconds + URL_WINDOW_SECONDS,
      });
      this.signed.set(cacheKey, url);
    }
    return url;
  }

  /** The URLs of an image and its thumbnail (the same answer, read-only, while the window lasts). */
  async imageUrls(
    keys: { image: string; thumbnail: string },
    expiresSeconds: number,
  ): Promise<Readonly<{ url: string; thumbnailUrl: string }>> {
    const windowStart = this.window();
    const cacheKey = `${expiresSeconds} ${keys.image} ${keys.thumbnail}`;
    const known = this.pairs.get(cacheKey);
    if (known) return known;
    const [url, thumbnailUrl] = await Promise.all([
      this.sign(keys.image, expiresSeconds),
      this.sign(keys.thumbnail, expiresSeconds),
    ]);
    const pair = Object.freeze({ url, thumbnailUrl });
    // Kept only if the window did not turn while signing (its URLs then belong to the window before).
    if (this.signedWindow === windowStart) this.pairs.set(cacheKey, pair);
    return pair;
  }
}
