// The photos' files in the media bucket, each under its owner's prefix:
//   uploads/<userId>/<uploadId>       what the browser uploaded (deleted once checked; lifecycle: 1 day),
//                                     the upload area all uploads share (#platform/s3/upload-area.ts)
//   photos/<userId>/<filename>        the checked, re-encoded image (lifecycle: PHOTO_RETENTION_DAYS)
//   thumbs/<userId>/<uploadId>.webp   its thumbnail (same)
// Keys are built here only (an upload's by the upload area), from a user id and names checked against their
// shape once more.
import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { owner, readImage, saveWithThumbnail, WindowedUrlSigner } from '#platform/s3/media-objects.ts';
import { S3UploadArea } from '#platform/s3/upload-area.ts';
import type { PhotoType } from '#shared/photo-rules.ts';
import { isUploadId, uploadIdOf } from '../domain/photo-names.ts';
import type { PhotoFiles, UploadRead, UploadTargetForm } from '../domain/ports.ts';

const MEDIA_PREFIXES = { photos: 'photos/', thumbnails: 'thumbs/' } as const;

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
  private readonly uploads: S3UploadArea;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
    this.signer = new WindowedUrlSigner(s3, bucket, MAX_CACHED_URLS);
    this.uploads = new S3UploadArea(s3, bucket, isUploadId);
  }

  uploadTarget(
    userId: string,
    uploadId: string,
    type: PhotoType,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<UploadTargetForm> {
    return this.uploads.uploadTarget(userId, uploadId, type, maxBytes, expiresSeconds);
  }

  readUpload(userId: string, uploadId: string, maxBytes: number): Promise<UploadRead> {
    return this.uploads.readUpload(userId, uploadId, maxBytes);
  }

  discardUpload(userId: string, uploadId: string): Promise<void> {
    return this.uploads.discardUpload(userId, uploadId);
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
