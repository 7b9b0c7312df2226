// Toast notifications: error, success, info, warning; gone after 5000 ms.
export type ToastKind = 'error' | 'success' | 'info' | 'warning';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const TOAST_DURATION_MS = 5000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  set(toasts.filter((t) => t.id !== id));
}

function showToast(kind: ToastKind, message: string, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  set([...toasts, { id, kind, message }]);
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export const toast = {
  error: (message: string) => showToast('error', message),
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
  warning: (message: string) => showToast('warning', message),
};

export const getToasts = (): readonly Toast[] => toasts;

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const AFTER_RELOAD_KEY = 'aivatar.toast-after-reload';

/** A toast for the next page load (when the current action ends with a full navigation, e.g. logout). */
export function toastAfterReload(kind: ToastKind, message: string): void {
  try {
    sessionStorage.setItem(AFTER_RELOAD_KEY, JSON.stringify({ kind, message }));
  } catch {
    // Storage refused (private mode): the toast is lost, nothing else is.
  }
}

/** Shows the toast left for this page load, once. */
export function showToastLeftForThisLoad(): void {
  try {
    const raw = sessionStorage.getItem(AFTER_RELOAD_KEY);
    if (!raw) return;
    sessionStorage.removeItem(AFTER_RELOAD_KEY);
    const { kind, message } = JSON.parse(raw) as { kind: ToastKind; message: string };
    showToast(kind, message, TOAST_DURATION_MS * 2);
  } catch {
    // Nothing readable left: no toast.
  }
}
