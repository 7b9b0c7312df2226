import { mkdir } from 'node:fs/promises';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on disk, on 127.0.0.1 (port 0: any free port). It checks no signatures: our
 * functions re-check every upload.
 */
export async function startS3Local(port: number, dataDir: string, buckets: string[]): Promise<LocalS3> {
  await mkdir(dataDir, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', directory: dataDir, silent: true });
  const bound = await server.run();
  const endpoint = `http://127.0.0.1:${bound.port}`;
  const s3 = new S3Client({
    endpoint,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const Bucket of buckets) {
    try {
      await s3.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket }));
    }
  }
  s3.destroy();
  return { endpoint, stop: () => server.close() };
}
