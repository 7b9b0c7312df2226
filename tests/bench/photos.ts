// Reference photo figures for `npm run bench`: confirming 5 browser uploads of 4 MB each, the
// thumbnails' bytes, and GET /photos with 20 photos one request at a time, interleaved with the Query of
// those photo items (paired.ts), all through the local stack (API Gateway adapter, DynamoDB Local, s3rver),
// with real uploads the way the browser makes them.

import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PhotoList, UploadResult, UploadTargets } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { testPhoto } from '../support/test-images.ts';
import { benchCall as call } from './bench-api.ts';
import type { Budget } from './budgets.ts';
import { queryFloor } from './dynamo-floor.ts';
import {
  apiCall,
  DEFAULT_PAIR_COUNTS,
  type PairCounts,
  type Paired,
  paired,
  pairedBudget,
} from './paired.ts';
import { tenths as ms, percentile as pct } from './stats.ts';

export const PHOTO_BUDGETS = {
  /**
   * Before any face analysis; the face check of each photo is added on top, as the
   * analyser's own p50 measured in the same run (faces.ts).
   */
  confirmFiveBeforeFacesP50Ms: 1500,
  thumbnailMaxBytes: PHOTO_LIMITS.thumbnailMaxBytes,
  /** GET /photos p99 against its Query's p99, one request at a time (paired.ts) */
  listToQueryRatio: 1.5,
} as const;

interface Stack {
  apiUrl: string;
  outboxDir: string;
  tableName: string;
}

/** A 12-megapixel phone-sized JPEG of about 4 MB: one person's face in a scene, with sensor-like grain. */
const fourMegabytePhoto = (seed: number): Promise<Buffer> =>
  testPhoto({ width: 4032, height: 3024, grain: 26, quality: 92, seed });

async function consentedAccount(stack: Stack): Promise<string> {
  const token = await createLocalAccount(stack, `bench-photos-${randomUUID().slice(0, 8)}@example.test`);
  await call(stack, 'PUT', '/photos/consent', token, { processing: true, rights: true });
  return token;
}

/** Targets, then one multipart POST per file to the bucket, as the browser sends them. */
async function uploadToBucket(stack: Stack, token: string, files: { name: string; bytes: Buffer }[]) {
  const { targets } = await call<UploadTargets>(stack, 'POST', '/photos/upload-targets', token, {
    files: files.map((f) => ({ name: f.name, type: 'image/jpeg', size: f.bytes.length })),
  });
  await Promise.all(
    targets.map(async (t, i) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(t.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array((files[i] as { bytes: Buffer }).bytes)]), t.name);
      const res = await fetch(t.url, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`the bucket answered ${res.status}`);
    }),
  );
  return targets;
}

/**
 * An account with as many photos as it may keep (20), uploaded and confirmed as the browser does (small ones:
 * the list does not read them): the account GET /photos is measured on.
 */
export async function fullPhotoAccount(stack: Stack): Promise<string> {
  const token = await consentedAccount(stack);
  const small = await Promise.all(
    Array.from({ length: PHOTO_LIMITS.maxPhotos }, (_, i) => testPhoto({ width: 800, height: 640, seed: i })),
  );
  for (let i = 0; i < small.length; i += PHOTO_LIMITS.maxPerConfirm) {
    const batch = small
      .slice(i, i + PHOTO_LIMITS.maxPerConfirm)
      .map((bytes, j) => ({ name: `p${i + j}.jpg`, bytes }));
    const targets = await uploadToBucket(stack, token, batch);
    await call(stack, 'POST', '/photos/confirm', token, {
      uploads: targets.map((t) => ({ id: t.id, name: t.name })),
    });
  }
  return token;
}

export interface PhotoFigures {
  confirm: { photos: number; photoMB: number; runs: number; p50Ms: number; minMs: number; maxMs: number };
  thumbnails: { count: number; maxBytes: number; meanBytes: number };
  list: Paired & { photos: number };
}

export async function photoBench(
  stack: Stack,
  db: DynamoDBDocumentClient,
  counts: PairCounts = DEFAULT_PAIR_COUNTS,
  runs = 7,
): Promise<PhotoFigures> {
  const photos = await Promise.all([0, 1, 2, 3, 4].map((seed) => fourMegabytePhoto(seed)));
  const photoMB = Math.round((photos.reduce((n, p) => n + p.length, 0) / photos.length / 1e6) * 100) / 100;

  // 1. Confirm: the server reads, decodes, re-encodes, thumbnails and stores 5 photos; a new account per run.
  const times: number[] = [];
  const thumbnails: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const token = await consentedAccount(stack);
    const targets = await uploadToBucket(
      stack,
      token,
      photos.map((bytes, i) => ({ name: `phone-${i}.jpg`, bytes })),
    );
    const started = performance.now();
    const result = await call<UploadResult>(stack, 'POST', '/photos/confirm', token, {
      uploads: targets.map((t) => ({ id: t.id, name: t.name })),
    });
    const elapsed = performance.now() - started;
    if (result.files.length !== photos.length) throw new Error(`confirm kept ${result.files.length} photos`);
    // The first run warms sharp up (libvips loads on first use): a cold start, not the steady figure.
    if (run > 0) times.push(elapsed);
    if (run === runs) {
      const list = await call<PhotoList>(stack, 'GET', '/photos', token);
      for (const f of list.files)
        thumbnails.push((await (await fetch(f.thumbnail_url)).arrayBuffer()).byteLength);
    }
  }
  times.sort((a, b) => a - b);

  // 2. GET /photos with 20 photos.
  const token = await fullPhotoAccount(stack);
  const sub = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'))
    .sub as string;
  // The photo store's Query (functions/photos/dynamodb/photo-store.ts): consistent, the account's PHOTO# items.
  const photoItems = queryFloor(db, stack.tableName, {
    pk: `USER#${sub}`,
    prefix: 'PHOTO#',
    consistent: true,
  });
  const list = await paired('Query of the 20 photo items', counts, photoItems, () =>
    apiCall({ url: `${stack.apiUrl}/photos`, method: 'GET', headers: { authorization: `Bearer ${token}` } }),
  );

  return {
    confirm: {
      photos: photos.length,
      photoMB,
      runs,
      p50Ms: ms(pct(times, 50)),
      minMs: ms(times[0] as number),
      maxMs: ms(times.at(-1) as number),
    },
    thumbnails: {
      count: thumbnails.length,
      maxBytes: Math.max(...thumbnails),
      meanBytes: Math.round(thumbnails.reduce((a, b) => a + b, 0) / thumbnails.length),
    },
    list: { ...list, photos: PHOTO_LIMITS.maxPhotos },
  };
}

/** The photo budgets, in the bench's format. */
/** The confirm's budget: 1.5 s, plus one face analysis per photo at the analyser's p50 in this run. */
export function photoBudgets(f: PhotoFigures, faceAnalysisP50Ms: number): Budget[] {
  const faces = Math.round(f.confirm.photos * faceAnalysisP50Ms);
  return [
    {
      name: `confirm ${f.confirm.photos} photos of ${f.confirm.photoMB} MB, p50 (1500 ms + ${f.confirm.photos} face analyses ${faces} ms)`,
      value: f.confirm.p50Ms,
      unit: 'ms',
      limit: PHOTO_BUDGETS.confirmFiveBeforeFacesP50Ms + faces,
    },
    {
      name: 'photo thumbnail, largest',
      value: f.thumbnails.maxBytes,
      unit: 'B',
      limit: PHOTO_BUDGETS.thumbnailMaxBytes,
    },
    pairedBudget(`GET /photos (${f.list.photos} photos)`, f.list, PHOTO_BUDGETS.listToQueryRatio),
  ];
}
