// The phone's calls: it has no session, only the link's code (X-Capture-Code) and, once the link is open,
// the secret the server bound to this device (X-Capture-Device). Its own fetch rather than the app's
// client: that one adds a session a signed-in phone may hold (the photos must go to the link's account,
// not the phone's) and sends a 401 to the login page (docs/product.md, "Selfies from the phone").
import type { RouteId } from '#shared/api-routes.ts';
import type { CaptureLinkOpened, Rejection, UploadResult, UploadTargets } from '#shared/api-schemas.ts';
import { ApiError, apiUrl } from '../../lib/api-client.ts';
import '../../lib/app-routes.ts';

/** The two headers the upload routes accept instead of a session (shared/capture-rules.ts). */
const CODE_HEADER = 'X-Capture-Code';
const DEVICE_HEADER = 'X-Capture-Device';
/** Where this tab keeps the device secret: a reload opens the same link again, another tab cannot. */
const DEVICE_KEY = 'aivatar.capture-device';

export interface CaptureLinkKey {
  code: string;
  device: string | null;
}

export const storedDevice = (code: string): string | null => {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DEVICE_KEY) ?? 'null') as {
      code?: string;
      device?: string;
    } | null;
    return saved?.code === code && typeof saved.device === 'string' ? saved.device : null;
  } catch {
    return null;
  }
};

const storeDevice = (code: string, device: string): void => {
  try {
    sessionStorage.setItem(DEVICE_KEY, JSON.stringify({ code, device }));
  } catch {
    // Private mode without storage: the link works until the page is reloaded.
  }
};

async function post<T>(id: RouteId, key: CaptureLinkKey, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [CODE_HEADER]: key.code };
  if (key.device) headers[DEVICE_HEADER] = key.device;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(apiUrl(id), {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', null);
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const code = typeof json?.code === 'string' ? json.code : `HTTP_${res.status}`;
    throw new ApiError(res.status, code, typeof json?.msg === 'string' ? json.msg : null, json);
  }
  if (json === null) throw new ApiError(res.status, 'UNEXPECTED_RESPONSE', null);
  return json as T;
}

type Opened = CaptureLinkOpened & { key: CaptureLinkKey };
/**
 * The open under way for each code: a second caller (React's StrictMode mounts the page twice) shares it.
 * Two opens sent side by side would bind the link to the first and refuse the second as another device.
 */
const opening = new Map<string, Promise<Opened>>();

/** Opens the link: the first device gets its secret (kept for reloads); the same device again gets it too. */
export function openLink(code: string): Promise<Opened> {
  const pending = opening.get(code);
  if (pending) return pending;
  const open = post<CaptureLinkOpened>('openCaptureLink', { code, device: storedDevice(code) })
    .then((opened) => {
      storeDevice(code, opened.device);
      return { ...opened, key: { code, device: opened.device } };
    })
    .finally(() => opening.delete(code));
  opening.set(code, open);
  return open;
}

/** A shot's score and what would raise it, as the confirm answer gives them (absent on older servers). */
export interface ShotQuality {
  score: number;
  reasons: string[];
  hints: string[];
}

export type ShotOutcome =
  | { kept: true; filename: string; quality: ShotQuality | null }
  | { kept: false; rejection: Rejection };

type ConfirmAnswer = UploadResult & {
  photos?: { filename: string; quality?: { score: number; reasons: string[] }; hints?: string[] }[];
};

/** One shot through the presigned flow: a target, the file straight to storage, then the server's check. */
export async function uploadShot(key: CaptureLinkKey, file: File): Promise<ShotOutcome> {
  const planned = await post<UploadTargets>('photoUploadTargets', key, {
    files: [{ name: file.name, type: file.type, size: file.size }],
  });
  const target = planned.targets[0];
  if (!target) {
    const rejection = planned.rejections[0];
    if (rejection) return { kept: false, rejection };
    throw new ApiError(200, 'UNEXPECTED_RESPONSE', null);
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  // S3 reads the fields before the file: the file comes last.
  form.append('file', file);
  let stored: Response;
  try {
    stored = await fetch(target.url, { method: 'POST', body: form });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', null);
  }
  if (!stored.ok) throw new ApiError(stored.status, 'STORAGE_FAILED', null);
  const result = await post<ConfirmAnswer>('confirmPhotoUploads', key, {
    uploads: [{ id: target.id, name: file.name }],
  });
  const filename = result.files[0];
  if (!filename) {
    const rejection = result.rejections[0];
    if (rejection) return { kept: false, rejection };
    throw new ApiError(200, 'UNEXPECTED_RESPONSE', null);
  }
  const photo = result.photos?.find((p) => p.filename === filename);
  return {
    kept: true,
    filename,
    quality: photo?.quality
      ? { score: photo.quality.score, reasons: photo.quality.reasons, hints: photo.hints ?? [] }
      : null,
  };
}
