// Objects deleted by key, in DeleteObjects requests of at most 1,000 keys (S3's limit for one request).
import { DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';

/** Throws when S3 refuses any of them (DeleteObjects answers 200 and lists the refusals). */
export async function deleteKeys(s3: S3Client, bucket: string, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const res = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (res.Errors?.length) {
      throw new Error(`S3 refused to delete ${res.Errors.length} objects: ${res.Errors[0]?.Code}`);
    }
  }
}
