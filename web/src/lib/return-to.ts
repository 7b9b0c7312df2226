// Where a sign-in goes back to: an /app page opened without a session (the deletion
// email's /app/account?delete=<code> on a phone that is not signed in) sends its visitor to /login with the
// page in the navigation's state (app/route-guards.tsx); the login page keeps it here, and the first sign-in
// after it, whichever way (password, emailed link, Google), lands on that page. Only a page of the app on
// this origin is kept, for an hour, and taken once (the rule is shared/sign-in-return.ts's, which the server
// applies to the page a sign-up or a link request sends along, for the emailed link to carry to another
// device). Not in the shell chunk: the landing page never needs it.
import { appReturnPath } from '#shared/sign-in-return.ts';

const KEY = 'aivatar.return-to';
const KEEP_MS = 60 * 60 * 1000;

/** The page a login was sent from, in its navigation's state (app/route-guards.tsx); null when none. */
export function sentFrom(state: unknown): string | null {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' ? back : null;
}

export function rememberReturn(path: string): void {
  if (!appReturnPath(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused: the sign-in lands on the app's first page as before.
  }
}

/** The app page a sign-in would go back to, left in place (the sign-in pages say where they lead). */
export function keptReturn(): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    const { path, at } = saved ?? {};
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > KEEP_MS) return null;
    return appReturnPath(path);
  } catch {
    return null;
  }
}

/** The app page to go back to after a sign-in, once; null when there is none (or it is older than an hour). */
export function takeReturn(): string | null {
  const path = keptReturn();
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
  return path;
}
