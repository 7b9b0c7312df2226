// The session token, kept in localStorage under `token`. A plain module, not React state,
// so the API client can read and clear it; React components subscribe through lib/session.tsx.
const KEY = 'token';
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(KEY) || null;
  } catch {
    // Storage blocked by the browser: nobody can be signed in.
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(KEY, token);
  emit();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {}
  emit();
}

export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing in or out in another tab changes this one too (in the browser; pages are also prerendered).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) emit();
  });
}
