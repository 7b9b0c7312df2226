// Style pictures in the media bucket:
//   uploads/<adminId>/<uploadId>   the browser's upload (the upload area photos use, with their upload ids)
//   style-images/<filename>        the checked, re-encoded picture, kept as long as styles may name it
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { readImage } from '#platform/s3/media-objects.ts';
import { S3UploadArea } from '#platform/s3/upload-area.ts';
import { isUploadId, uploadIdOf } from '../../photos/public.ts';
import type { StyleImageFiles } from '../domain/ports.ts';

const STYLE_IMAGE_PREFIX = 'style-images/';

function imageKey(filename: string): string {
  if (!uploadIdOf(filename)) throw new Error(`Refusing style picture name ${JSON.stringify(filename)}`);
  return `${STYLE_IMAGE_PREFIX}${filename}`;
}

export class S3StyleImageFiles implements StyleImageFiles {
  readonly uploads: S3UploadArea;
  private readonly s3: S3Client;
  private readonly bucket: string;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
    this.uploads = new S3UploadArea(s3, bucket, isUploadId);
  }

  async save(filename: string, image: Uint8Array): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: imageKey(filename),
        Body: image,
        ContentType: 'image/jpeg',
      }),
    );
  }

  async read(filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    return readImage(this.s3, this.bucket, imageKey(filename));
  }
}
