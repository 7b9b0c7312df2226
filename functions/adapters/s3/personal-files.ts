// A user's files in the media bucket, found generically: every top-level prefix (photos/, thumbs/,
// uploads/, results/, exports/... including ones added later) holds that user's objects under `<userId>/`.
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PersonalFiles } from '../../domain/privacy/ports.ts';

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
export const EXPORT_PREFIX = 'exports/';
/**
 * The prefixes the product writes today. The bucket's own top-level prefixes are listed too (so a prefix
 * added later is covered in AWS); the local S3 stand-in (s3rver) does not answer that listing at the root.
 */
export const KNOWN_MEDIA_PREFIXES = [
  'uploads/',
  'photos/',
  'thumbs/',
  'results/',
  'result-thumbs/',
  'archives/',
  EXPORT_PREFIX,
];
/** A download link is short-lived: the account page asks for a fresh one at each click. */
const DOWNLOAD_SECONDS = 5 * 60;

export class S3PersonalFiles implements PersonalFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
  }

  private async list(prefix: string, delimiter?: string): Promise<{ keys: string[]; prefixes: string[] }> {
    const keys: string[] = [];
    const prefixes: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.s3.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
      for (const p of res.CommonPrefixes ?? []) if (p.Prefix) prefixes.push(p.Prefix);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return { keys, prefixes };
  }

  async listUserFiles(userId: string): Promise<string[]> {
    if (!USER_ID.test(userId)) throw new Error(`Refusing to list files of user id ${JSON.stringify(userId)}`);
    const { prefixes } = await this.list('', '/');
    const all = [...new Set([...KNOWN_MEDIA_PREFIXES, ...prefixes])];
    const found = await Promise.all(all.map((p) => this.list(`${p}${userId}/`)));
    return found.flatMap((f) => f.keys);
  }

  async deleteFiles(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const res = await this.s3.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (res.Errors?.length) {
        throw new Error(`S3 refused to delete ${res.Errors.length} objects: ${res.Errors[0]?.Code}`);
      }
    }
  }

  async read(key: string): Promise<Uint8Array> {
    const res = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!res.Body) throw new Error(`Empty object ${key}`);
    return res.Body.transformToByteArray();
  }

  async putExport(userId: string, exportId: string, zip: Uint8Array): Promise<string> {
    const key = `${EXPORT_PREFIX}${userId}/${exportId}.zip`;
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: zip, ContentType: 'application/zip' }),
    );
    return key;
  }

  async downloadUrl(key: string, filename: string): Promise<string> {
    return getSignedUrl(
      this.s3,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${filename}"`,
        ResponseContentType: 'application/zip',
      }),
      { expiresIn: DOWNLOAD_SECONDS },
    );
  }
}
