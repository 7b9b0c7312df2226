// The one-time welcome after activation: the emailed link's page marks it for an account that
// has just started (its only history is the signup bonus), and the first app screen that shows a
// <WelcomeNotice> takes it. Once taken it is gone: other screens, a reload or the next login show nothing.
// Each browser welcomes an account once, however often its owner logs in by link before doing anything.
const PENDING = 'aivatar.welcome';
const WELCOMED = 'aivatar.welcomed';

interface Welcome {
  /** The tokens the account got on signup (2, or 0 for a mailbox that already had its bonus). */
  bonus: number;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked: the welcome is a nicety, not worth failing a login for.
  }
}

/** Marks the welcome for `email`'s first screen, unless this browser has welcomed that account before. */
export function markWelcome(email: string, welcome: Welcome): void {
  const welcomed = read<string[]>(WELCOMED) ?? [];
  if (welcomed.includes(email)) return;
  write(WELCOMED, [email, ...welcomed].slice(0, 20));
  write(PENDING, welcome);
}

// Taken from storage once per page load, then held for the screen that took it.
let taken: { welcome: Welcome; screen: string | null } | null | undefined;

/** The welcome, for the first screen that asks (by its path) and for no other. */
export function welcomeFor(screen: string): Welcome | null {
  if (taken === undefined) {
    const welcome = read<Welcome>(PENDING);
    try {
      localStorage.removeItem(PENDING);
    } catch {}
    taken = welcome ? { welcome, screen: null } : null;
  }
  if (!taken) return null;
  taken.screen ??= screen;
  return taken.screen === screen ? taken.welcome : null;
}

export function dismissWelcome(): void {
  taken = null;
}
