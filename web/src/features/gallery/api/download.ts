// Downloads: the diagnostic call first (its answer is not shown),
// then the base64 route, then the blob route; a preset (original, 400x400 for LinkedIn, the 1080 px profile
// square, the ID badge, 4K upscaled) as a query. The original is named after the stored name before its
// first underscore, plus the extension; a preset's file says which it is (`avatar-<style>-linkedin.jpg`).
import { presetDownloadName, RESULT_PRESETS, type ResultPreset } from '#shared/result-presets.ts';
import { api, apiUrl, isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { Task } from './tasks.ts';
import '../../../lib/app-routes.ts';

export const PRESETS = RESULT_PRESETS;
export type Preset = ResultPreset;

/** The result routes' {filename}: the stored name, after `results/`. */
export const resultFilename = (task: Task): string => (task.result_path ?? '').split('/').pop() ?? '';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The stored name before its first underscore, plus the extension; a preset names itself. */
function downloadName(task: Task, preset: Preset, contentType: string): string {
  const stored = resultFilename(task);
  const dot = stored.lastIndexOf('.');
  const storedExt = dot > 0 ? stored.slice(dot + 1) : '';
  const fromServer = task.download_name ?? `${stored.split('_')[0]?.replace(/\.[^.]*$/, '')}.${storedExt}`;
  const base = fromServer.replace(/\.[^.]*$/, '') || 'avatar';
  if (preset !== 'original') return presetDownloadName(base, preset);
  return `${base}.${EXTENSIONS[contentType] ?? (storedExt || 'png')}`;
}

function base64ToBlob(data: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

export async function downloadResult(task: Task, preset: Preset): Promise<void> {
  const filename = resultFilename(task);
  // Support's diagnostic runs before each download; its answer is for the logs, never for the user.
  await api('diagnoseDirectories').catch((e: unknown) => console.warn('Diagnose', e));
  const query = { preset };
  let blob: Blob;
  try {
    const { data, content_type } = await api('resultData', { params: { filename }, query });
    blob = base64ToBlob(data, content_type);
  } catch (first) {
    console.warn('Download as base64 failed, trying the file route', first);
    blob = await api('resultFile', { params: { filename }, query });
  }
  saveFile(blob, downloadName(task, preset, blob.type));
}

/**
 * Every finished avatar (or every starred one) as one ZIP. The server makes the archive ready and answers a 5-minute link for it
 * (never the session); the browser then opens the link, which redirects to the archive in
 * storage, and saves it as it streams, however large.
 */
export async function downloadAll(which: 'resultsZip' | 'favouritesZip' = 'resultsZip'): Promise<void> {
  const { token } = await api('createDownloadLink', { body: { route: which } });
  window.location.assign(apiUrl(which, { query: { token } }));
}

/** Too many downloads in a short time: our per-user limit, or API Gateway's own 429. */
export const isThrottled = (e: unknown): boolean =>
  isApiError(e) && (e.status === 429 || e.code === 'RATE_LIMITED');
