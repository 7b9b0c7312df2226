// The local S3 stand-in (infra/local/s3.ts) shows an object only once its upload is complete, as S3 does:
// a team's ZIP being stored while someone asks for it must not be found half-written.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '#platform/s3/client.ts';
import { type LocalS3, startS3Local } from '../../infra/local/s3.ts';

let dir: string;
let local: LocalS3;
let s3: S3Client;
const Bucket = 'atomic-test';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-s3-'));
  local = await startS3Local(0, dir, [Bucket]);
  // The functions' client (its checksum settings), against the stand-in.
  s3 = createS3Client(local.endpoint);
});
afterAll(async () => {
  s3?.destroy();
  await local?.stop();
  await rm(dir, { recursive: true, force: true });
});

const exists = (Key: string) =>
  s3.send(new HeadObjectCommand({ Bucket, Key })).then(
    (h) => h.ContentLength,
    () => null,
  );

describe('the local S3 stand-in', () => {
  it('shows an object being uploaded only once it is complete, and never lists it before', async () => {
    const body = new PassThrough();
    const chunk = Buffer.alloc(64 * 1024, 7);
    const put = s3.send(
      new PutObjectCommand({
        Bucket,
        Key: 'archives/a/set.zip',
        Body: body,
        ContentLength: chunk.length * 2,
      }),
    );
    body.write(chunk);
    await new Promise((r) => setTimeout(r, 200));
    expect(await exists('archives/a/set.zip')).toBeNull();
    const listed = await s3.send(new ListObjectsV2Command({ Bucket }));
    expect(listed.Contents ?? []).toEqual([]);
    body.end(chunk);
    await put;
    expect(await exists('archives/a/set.zip')).toBe(chunk.length * 2);
    // Written again: the new object replaces the old one whole.
    await s3.send(new PutObjectCommand({ Bucket, Key: 'archives/a/set.zip', Body: Buffer.from('zip') }));
    expect(await exists('archives/a/set.zip')).toBe(3);
    expect((await s3.send(new ListObjectsV2Command({ Bucket }))).Contents?.map((o) => o.Key)).toEqual([
      'archives/a/set.zip',
    ]);
  });
});
