// Task ids and result file names are made by the server. A task id starts with its creation time, so the
// owner's tasks sort newest last (the gallery reads them backwards); a result is `<style slug>_<task id>.<ext>`
// and downloads as `<style slug>.<ext>` (the stored name before its first underscore).
import type { ImageType } from './image-provider.ts';

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};
const TASK_ID = /^\d{12}-[0-9a-f]{12}$/;
const RESULT = /^([a-z0-9]+(?:-[a-z0-9]+)*)_(\d{12}-[0-9a-f]{12})\.(jpg|png|webp)$/;

/** `<seconds, 10 digits><place in the batch, reversed, 2 digits>-<batch's 12 hex>` */
export function newTaskId(now: number, index: number, batchHex: string): string {
  if (!/^[0-9a-f]{12}$/.test(batchHex)) throw new Error('batchHex must be 12 lowercase hex digits');
  return `${String(now).padStart(10, '0')}${String(99 - index).padStart(2, '0')}-${batchHex}`;
}

export const isTaskId = (id: string): boolean => TASK_ID.test(id);

export const resultFilename = (slug: string, taskId: string, type: ImageType): string =>
  `${slug}_${taskId}${EXTENSIONS[type]}`;

/** The task a result name belongs to, or null for anything that is not one of ours. */
export function parseResultFilename(filename: string): { slug: string; taskId: string; ext: string } | null {
  if (filename.length > 120) return null;
  const m = RESULT.exec(filename);
  return m ? { slug: m[1] as string, taskId: m[2] as string, ext: m[3] as string } : null;
}

/** The part before the first underscore, plus the extension. */
export function downloadName(filename: string, suffix = ''): string {
  const ext = /\.[a-z0-9]+$/i.exec(filename)?.[0] ?? '';
  const stem = filename.split('_')[0] ?? filename;
  return `${stem.replace(/\.[a-z0-9]+$/i, '')}${suffix}${ext}`;
}

export const contentTypeOf = (filename: string): ImageType =>
  filename.endsWith('.png') ? 'image/png' : filename.endsWith('.webp') ? 'image/webp' : 'image/jpeg';

/** A style's name as a file name: lowercase words joined by hyphens. */
export function styleSlug(key: string | null, name: string): string {
  const slug = (key ?? name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return slug || 'avatar';
}
