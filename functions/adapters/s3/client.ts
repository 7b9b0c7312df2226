import { S3Client } from '@aws-sdk/client-s3';

/**
 * One S3 client per process. `endpoint` points at the local S3-compatible server (path-style addressing,
 * its fixed credentials); in AWS the client finds the region and the function's credentials itself.
 */
export function createS3Client(endpoint?: string): S3Client {
  return new S3Client(
    endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          region: process.env.AWS_REGION ?? 'eu-west-1',
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        }
      : {},
  );
}
