// The photos' files in the media bucket, each under its owner's prefix:
//   uploads/<userId>/<uploadId>       what the browser uploaded (deleted once checked; lifecycle: 1 day)
//   photos/<userId>/<filename>        the checked, re-encoded image (lifecycle: PHOTO_RETENTION_DAYS)
//   thumbs/<userId>/<uploadId>.webp   its thumbnail (same)
// Keys are built here only, from a user id and names checked against their shape once more.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';
import {
  isMissing,
  owner,
  readImage,
  saveWithThumbnail,
  WindowedUrlSigner,
} from '#platform/s3/media-objects.ts';
import type { PhotoType } from '#shared/photo-rules.ts';
import { isUploadId, uploadIdOf } from '../domain/photo-names.ts';
import type { PhotoFiles, UploadRead, UploadTargetForm } from '../domain/ports.ts';

const MEDIA_PREFIXES = { uploads: 'uploads/', photos: 'photos/', thumbnails: 'thumbs/' } as const;

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

const MAX_CACHED_URLS = 10_000;

export class S3PhotoFiles implements PhotoFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly signer: WindowedUrlSigner;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
    this.signer = new WindowedUrlSigner(s3, bucket, MAX_CACHED_URLS);
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
    await saveWithThumbnail(
      this.s3,
      this.bucket,
      photoKeys(userId, filename),
      { bytes: image, contentType: 'image/jpeg' },
      thumbnail,
    );
  }

  async read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    return readImage(this.s3, this.bucket, photoKeys(userId, filename).image);
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
    return this.signer.imageUrls(photoKeys(userId, filename), expiresSeconds);
  }
}
