// Uploading straight to storage: ask for presigned POSTs, send each file straight to the bucket with
// real progress (XHR), then have the server check and keep them (confirm, 5 at a time).
import type { Rejection, UploadTarget } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { api, isApiError } from '../../../lib/api-client.ts';

/** The account had as many photos checked in the last hour as it may (PHOTO_LIMITS.maxChecksPerHour). */
export class PhotoChecksLimited extends Error {
  readonly minutes: number;
  constructor(retryAfterSeconds: number) {
    super('Photo checks limited for the hour');
    this.name = 'PhotoChecksLimited';
    this.minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  }
}

export interface UploadProgress {
  phase: 'uploading' | 'checking';
  /** 0-100 */
  percent: number;
}

interface UploadOutcome {
  uploaded: string[];
  rejections: Rejection[];
  /** files that never reached the bucket (network) */
  failed: string[];
}

/** The share of the bar the transfer takes; checking on the server fills the rest. */
const TRANSFER_SHARE = 90;
const PARALLEL_TRANSFERS = 3;
const PARALLEL_CONFIRMS = 2;

function postToBucket(target: UploadTarget, file: File, onBytes: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    // S3 reads the fields before the file: the file comes last.
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`storage answered ${xhr.status}`));
    xhr.onerror = () => reject(new Error('network error'));
    xhr.send(form);
  });
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** Pairs each target with its file: targets come back in the order of the files they accept. */
function pair(files: File[], targets: UploadTarget[]): { target: UploadTarget; file: File }[] {
  const used = new Set<File>();
  return targets.flatMap((target) => {
    const file = files.find((f) => !used.has(f) && f.name === target.name);
    if (!file) return [];
    used.add(file);
    return [{ target, file }];
  });
}

export async function uploadPhotos(
  files: File[],
  onProgress: (p: UploadProgress) => void,
): Promise<UploadOutcome> {
  onProgress({ phase: 'uploading', percent: 0 });
  const planned = await api('photoUploadTargets', {
    body: { files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) },
  });
  const rejections = [...planned.rejections];
  const failed: string[] = [];
  const pairs = pair(files, planned.targets);
  const total = pairs.reduce((n, p) => n + p.file.size, 0) || 1;
  const loaded = new Map<UploadTarget, number>();
  const report = () => {
    const sent = [...loaded.values()].reduce((a, b) => a + b, 0);
    onProgress({ phase: 'uploading', percent: Math.min(TRANSFER_SHARE, (sent / total) * TRANSFER_SHARE) });
  };

  const arrived: UploadTarget[] = [];
  await eachLimited(pairs, PARALLEL_TRANSFERS, async ({ target, file }) => {
    try {
      await postToBucket(target, file, (bytes) => {
        loaded.set(target, Math.min(bytes, file.size));
        report();
      });
      loaded.set(target, file.size);
      arrived.push(target);
    } catch (e) {
      console.error('Upload to storage', file.name, e);
      loaded.set(target, file.size);
      failed.push(file.name);
    }
    report();
  });

  const uploaded: string[] = [];
  const batches: UploadTarget[][] = [];
  for (let i = 0; i < arrived.length; i += PHOTO_LIMITS.maxPerConfirm) {
    batches.push(arrived.slice(i, i + PHOTO_LIMITS.maxPerConfirm));
  }
  let checked = 0;
  onProgress({ phase: 'checking', percent: TRANSFER_SHARE });
  await eachLimited(batches, PARALLEL_CONFIRMS, async (batch) => {
    const result = await api('confirmPhotoUploads', {
      body: { uploads: batch.map((t) => ({ id: t.id, name: t.name })) },
    }).catch((e: unknown) => {
      if (!isApiError(e) || e.code !== 'RATE_LIMITED') throw e;
      const retryAfter = (e.body as { retry_after?: unknown } | null)?.retry_after;
      throw new PhotoChecksLimited(typeof retryAfter === 'number' ? retryAfter : 3600);
    });
    uploaded.push(...result.files);
    rejections.push(...result.rejections);
    checked += batch.length;
    onProgress({
      phase: 'checking',
      percent: TRANSFER_SHARE + ((100 - TRANSFER_SHARE) * checked) / arrived.length,
    });
  });
  onProgress({ phase: 'checking', percent: 100 });
  return { uploaded, rejections, failed };
}
