import { mkdir } from 'node:fs/promises';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** The bucket's CORS rule, as the CDK stack sets it on the media bucket: uploads and reads from the web app. */
export function corsConfiguration(origins: string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/**
 * An S3-compatible server on disk. It checks no signatures and no POST policy (content-length-range):
 * our functions re-check every upload. `corsOrigins` may upload to and read from every bucket.
 */
export async function startS3Local(
  port: number,
  dataDir: string,
  buckets: string[],
  corsOrigins: string[] = [],
): Promise<LocalS3> {
  await mkdir(dataDir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dataDir,
    silent: true,
    configureBuckets: corsOrigins.length
      ? buckets.map((name) => ({ name, configs: [corsConfiguration(corsOrigins)] }))
      : [],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
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
