// A user's files in the media bucket, found by prefix: each prefix the product writes (photos/, thumbs/,
// uploads/, results/, exports/...) holds that user's objects under `<userId>/`, so a listing reads only
// theirs, page by page.
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { deleteKeys } from '#platform/s3/delete-keys.ts';
import { USER_FILE_PREFIXES } from '#shared/table-design.ts';
import type { Page, PersonalFiles } from '../domain/ports.ts';

interface FilesCursor {
  prefix: string;
  token: string | undefined;
}

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
const EXPORT_PREFIX: (typeof USER_FILE_PREFIXES)[number] = 'exports/';
/** A download link is short-lived: the account page asks for a fresh one at each click. */
const DOWNLOAD_SECONDS = 5 * 60;

export class S3PersonalFiles implements PersonalFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
  }

  async filesPage(userId: string, cursor: string | null, limit: number): Promise<Page<string>> {
    if (!USER_ID.test(userId)) throw new Error(`Refusing to list files of user id ${JSON.stringify(userId)}`);
    const prefixes: string[] = [...USER_FILE_PREFIXES].sort();
    let { prefix, token } = cursor
      ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as FilesCursor)
      : { prefix: prefixes[0] as string, token: undefined };
    // Walks the prefixes in order; a page holds the keys of one prefix, or says where the next one starts.
    while (prefix !== undefined) {
      const res = await this.s3.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${prefix}${userId}/`,
          MaxKeys: limit,
          ContinuationToken: token,
        }),
      );
      const items = (res.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      const nextPrefix = prefixes.find((p) => p > (prefix as string));
      const next: FilesCursor | null = res.IsTruncated
        ? { prefix, token: res.NextContinuationToken }
        : nextPrefix
          ? { prefix: nextPrefix, token: undefined }
          : null;
      if (items.length || !next) {
        return { items, next: next ? Buffer.from(JSON.stringify(next)).toString('base64url') : null };
      }
      ({ prefix, token } = next);
    }
    return { items: [], next: null };
  }

  deleteFiles(keys: readonly string[]): Promise<void> {
    return deleteKeys(this.s3, this.bucket, keys);
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
