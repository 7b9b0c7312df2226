// The browser's uploads in the media bucket: uploads/<userId>/<uploadId>, posted straight from the browser
// (a presigned POST with its size and type fixed), read once to be checked, then deleted (lifecycle: 1 day).
// Photos (functions/photos/s3/photo-files.ts) and style pictures (functions/styles/s3/style-image-files.ts)
// both come in through it; each names the shape its upload ids must have.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isMissing, owner } from './media-objects.ts';

const UPLOAD_PREFIX = 'uploads/';

export class S3UploadArea {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly isUploadId: (uploadId: string) => boolean;

  constructor(s3: S3Client, bucket: string, isUploadId: (uploadId: string) => boolean) {
    this.s3 = s3;
    this.bucket = bucket;
    this.isUploadId = isUploadId;
  }

  private key(userId: string, uploadId: string): string {
    if (!this.isUploadId(uploadId)) throw new Error(`Refusing upload id ${JSON.stringify(uploadId)}`);
    return `${UPLOAD_PREFIX}${owner(userId)}/${uploadId}`;
  }

  async uploadTarget(
    userId: string,
    uploadId: string,
    contentType: string,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<{ url: string; fields: Record<string, string> }> {
    // Loaded on first use: only upload-targets requests need it, not the list every screen opens with.
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: this.key(userId, uploadId),
      Conditions: [
        ['content-length-range', 1, maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      Fields: { 'Content-Type': contentType },
      Expires: expiresSeconds,
    });
    return { url, fields };
  }

  /** Reads an upload, refusing (and not reading past) `maxBytes`. */
  async readUpload(
    userId: string,
    uploadId: string,
    maxBytes: number,
  ): Promise<{ bytes: Uint8Array } | 'missing' | 'too-large'> {
    let res: GetObjectCommandOutput;
    try {
      res = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(userId, uploadId) }),
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
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(userId, uploadId) }));
  }
}
