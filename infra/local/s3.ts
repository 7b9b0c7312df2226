import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  /**
   * The bucket CORS rule the CDK stack sets on the media bucket: the web app may upload (POST) and read
   * (GET). Set once the web server's address is known.
   */
  allowBrowserOrigin(origin: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on disk, on 127.0.0.1 (port 0: any free port). It checks no signatures and no
 * POST policy (content-length-range): our functions re-check every upload.
 */
export async function startS3Local(port: number, dataDir: string, buckets: string[]): Promise<LocalS3> {
  await mkdir(dataDir, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', directory: dataDir, silent: true });
  atomicPuts(server);
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
  const allowBrowserOrigin = async (origin: string) => {
    for (const Bucket of buckets) {
      await s3.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [origin],
                AllowedMethods: ['POST', 'GET'],
                AllowedHeaders: ['*'],
                MaxAgeSeconds: 3000,
              },
            ],
          },
        }),
      );
    }
  };
  return {
    endpoint,
    allowBrowserOrigin,
    stop: async () => {
      s3.destroy();
      await server.close();
    },
  };
}

/** Where an upload is written before it is moved into its bucket: outside every bucket, never listed. */
const STAGING = '.uploads-in-progress';

/**
 * S3 shows an object only once its upload is complete; s3rver writes it in place as it arrives, so a HEAD
 * or GET during a long upload (a team's ZIP built while someone downloads it) would see half an object. Each
 * upload is written under a staging name and moved into place when complete: its checksum and metadata
 * first, the object last (s3rver finds an object by that file).
 */
function atomicPuts(server: S3rver): void {
  const store = server.store;
  const put = store.putObject.bind(store);
  store.putObject = async (object) => {
    const staged = { ...object, bucket: STAGING, key: randomUUID() };
    const result = await put(staged);
    for (const resource of ['object.md5', 'metadata.json', 'object']) {
      const to = store.getResourcePath(object.bucket, object.key, resource);
      await mkdir(dirname(to), { recursive: true });
      await rename(store.getResourcePath(STAGING, staged.key, resource), to).catch(
        (e: NodeJS.ErrnoException) => {
          // s3rver writes no checksum file for an object whose md5 it keeps in the metadata.
          if (e.code !== 'ENOENT' || resource === 'object') throw e;
        },
      );
    }
    return result;
  };
}
