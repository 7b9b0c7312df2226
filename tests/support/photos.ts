// Reference photos from a test's point of view: consent, uploads the way the Manage Photos screen makes them
// (upload targets, a multipart POST straight to the S3 stand-in, confirm), the multipart route, and what the
// bucket holds.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { UploadTarget } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { activatedUser, callRoute, type RouteResult, stack } from './api.ts';

export interface TestFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

const typeOf = (f: TestFile) =>
  f.type ?? (/\.png$/i.test(f.name) ? 'image/png' : /\.webp$/i.test(f.name) ? 'image/webp' : 'image/jpeg');

/** An activated account that ticked both consent boxes. */
export async function consentedUser(): Promise<{ email: string; token: string }> {
  const user = await activatedUser();
  const res = await callRoute('photoConsent', {
    token: user.token,
    body: { processing: true, rights: true },
  });
  if (res.status !== 200) throw new Error(`consent answered ${res.status}`);
  return user;
}

/** What a browser sends: the target's fields, then the file, as multipart/form-data to the bucket. */
export async function postToBucket(target: UploadTarget, file: TestFile): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: typeOf(file) }), file.name);
  return fetch(target.url, { method: 'POST', body: form });
}

export async function uploadTargetsFor(token: string, files: TestFile[]) {
  return callRoute('photoUploadTargets', {
    token,
    body: { files: files.map((f) => ({ name: f.name, type: typeOf(f), size: f.bytes.length })) },
  });
}

/** The whole direct upload: targets, one POST per file to the bucket, then confirm (in batches). */
export async function uploadDirect(
  token: string,
  files: TestFile[],
): Promise<{ confirmed: RouteResult<'confirmPhotoUploads'>[]; targets: RouteResult<'photoUploadTargets'> }> {
  const targets = await uploadTargetsFor(token, files);
  if (targets.status !== 200)
    throw new Error(`upload targets answered ${targets.status}: ${targets.body.msg}`);
  for (const target of targets.body.targets) {
    const file = files.find((f) => f.name === target.name) as TestFile;
    const res = await postToBucket(target, file);
    if (!res.ok) throw new Error(`the bucket answered ${res.status}: ${await res.text()}`);
  }
  const confirmed: RouteResult<'confirmPhotoUploads'>[] = [];
  const all = targets.body.targets;
  for (let i = 0; i < all.length; i += PHOTO_LIMITS.maxPerConfirm) {
    const batch = all.slice(i, i + PHOTO_LIMITS.maxPerConfirm);
    confirmed.push(
      await callRoute('confirmPhotoUploads', {
        token,
        body: { uploads: batch.map((t) => ({ id: t.id, name: t.name })) },
      }),
    );
  }
  return { confirmed, targets };
}

/** A multipart/form-data body, built the way fetch builds one. */
export async function multipartBody(
  parts: { field: string; file: TestFile }[],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const { field, file } of parts) {
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: typeOf(file) }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

/** POST /photos/upload with the files in the repeated field `photos`. */
export async function uploadMultipart(token: string, files: TestFile[]) {
  const { body, contentType } = await multipartBody(files.map((file) => ({ field: 'photos', file })));
  return callRoute('uploadPhotos', { token, rawBody: body, headers: { 'content-type': contentType } });
}

let s3: S3Client | null = null;
export function bucketClient(): S3Client {
  s3 ??= new S3Client({
    endpoint: stack().s3Endpoint,
    forcePathStyle: true,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return s3;
}

/** Every key in the media bucket under `prefix`. */
export async function bucketKeys(prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await bucketClient().send(
      new ListObjectsV2Command({ Bucket: stack().mediaBucket, Prefix: prefix, ContinuationToken }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key as string));
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return keys;
}

/** The bytes behind a URL the API handed out (a signed GET). */
export async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}
