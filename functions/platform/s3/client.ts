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
          // s3rver stores an aws-chunked body (how the SDK sends a stream with its default CRC32 checksum)
          // as it arrives, framing included: locally, checksums only where an operation requires one. S3
          // itself takes both (the streamed "download all" ZIP, functions/generation/s3/result-files.ts).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        }
      : {},
  );
}
