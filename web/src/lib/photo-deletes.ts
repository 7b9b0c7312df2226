// Photo deletes waiting out their undo window, remembered in localStorage until the
// server has deleted them: a tab closed during the window still deletes (at once, with a keepalive request
// as the page goes; and if that request never left, when the app opens next). An undone delete is
// forgotten before anything is sent, so an undone photo is never deleted. Kept out of the landing page's
// JavaScript (web/vite.config.ts, NOT_IN_SHELL): only the app's screens use it.
import { api, apiUrl, isApiError } from './api-client.ts';
import { getToken } from './session-store.ts';

const KEY = 'aivatar.photo-deletes';
/** A delete still remembered this long after its window ended was left behind by a page that went away. */
const LEFT_BEHIND_AFTER_MS = 15_000;

interface Entry {
  filename: string;
  /** the account (the session's subject): another account signed in later does not send it */
  owner: string;
  /** when its undo window ends (ms) */
  dueAt: number;
}

function ownerNow(): string | null {
  const token = getToken();
  try {
    const sub = token ? (JSON.parse(atob(token.split('.')[1] ?? '')) as { sub?: unknown }).sub : null;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

function read(): Entry[] {
  try {
    const entries = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(entries) ? (entries as Entry[]) : [];
  } catch {
    return [];
  }
}

function write(entries: Entry[]): void {
  try {
    if (entries.length) localStorage.setItem(KEY, JSON.stringify(entries));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the delete still happens at the end of its window if the page stays.
  }
}

export function rememberDelete(filename: string, dueAt: number): void {
  const owner = ownerNow();
  if (!owner) return;
  write([...read().filter((e) => e.filename !== filename), { filename, owner, dueAt }]);
}

export function forgetDelete(filename: string): void {
  write(read().filter((e) => e.filename !== filename));
}

type DeleteOutcome = 'deleted' | 'gone' | 'failed';

/** Deletes the photo now; 'gone' when the server has no such photo (deleted already). */
export async function deleteNow(filename: string): Promise<DeleteOutcome> {
  try {
    await api('deletePhoto', { params: { filename } });
    return 'deleted';
  } catch (e) {
    return isApiError(e) && e.status === 404 ? 'gone' : 'failed';
  }
}

/**
 * The page is going away with deletes in their window: send them now, in requests that outlive the page.
 * They stay remembered; the next start finds them gone (404) and forgets them, or sends them again.
 */
export function sendAsThePageGoes(filenames: readonly string[]): void {
  const token = getToken();
  if (!token) return;
  for (const filename of filenames) {
    try {
      void fetch(apiUrl('deletePhoto', { params: { filename } }), {
        method: 'DELETE',
        keepalive: true,
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, Token: token },
      }).catch(() => undefined);
    } catch {
      // Nothing more can be done from a page that is going: the next start sends it.
    }
  }
}

/** Sends the deletes a page left behind (closed in its undo window). Answers how many were deleted. */
export async function finishLeftBehindDeletes(now = Date.now()): Promise<number> {
  const owner = ownerNow();
  const left = read().filter((e) => e.owner === owner && e.dueAt + LEFT_BEHIND_AFTER_MS < now);
  let deleted = 0;
  for (const entry of left) {
    const outcome = await deleteNow(entry.filename);
    if (outcome === 'failed') continue;
    if (outcome === 'deleted') deleted++;
    forgetDelete(entry.filename);
  }
  return deleted;
}
