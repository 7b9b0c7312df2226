// A region edit's brush, kept beside its task until the worker reads it:
//   result-thumbs/<userId>/<taskId>-edit-mask.png
// Under result-thumbs/ because the avatars function writes there and the worker reads there already
// (infra/group-needs.ts, infra/constructs/avatar-generation.ts), and an account's deletion sweeps it
// (shared/table-design.ts USER_FILE_PREFIXES); the data export skips it as a working copy.
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { owner, readImage } from '#platform/s3/media-objects.ts';
import type { EditMaskFiles } from '../domain/edits.ts';
import { isTaskId } from '../domain/task-names.ts';
import { RESULT_PREFIXES } from './result-files.ts';

function maskKey(userId: string, taskId: string): string {
  if (!isTaskId(taskId)) throw new Error(`Refusing a mask name for task ${JSON.stringify(taskId)}`);
  return `${RESULT_PREFIXES.thumbnails}${owner(userId)}/${taskId}-edit-mask.png`;
}

export class S3EditMaskFiles implements EditMaskFiles {
  private readonly s3: S3Client;
  private readonly bucket: string;

  constructor(s3: S3Client, bucket: string) {
    this.s3 = s3;
    this.bucket = bucket;
  }

  async save(userId: string, taskId: string, png: Uint8Array): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: maskKey(userId, taskId),
        Body: png,
        ContentType: 'image/png',
        CacheControl: 'private, no-store',
      }),
    );
  }

  async read(userId: string, taskId: string): Promise<Uint8Array | null> {
    return (await readImage(this.s3, this.bucket, maskKey(userId, taskId)))?.bytes ?? null;
  }

  async remove(userId: string, taskId: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: maskKey(userId, taskId) }));
  }
}
