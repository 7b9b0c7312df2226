// The gallery's image caches: each image path is fetched at most twice; what loaded
// is kept, so a poll that brings a freshly signed URL does not fetch the image again, and what failed twice
// stays failed. Refresh clears them.

/** Image fetch attempts per path. */
export const MAX_FETCHES_PER_PATH = 2;

interface Entry {
  fetches: number;
  /** the source that loaded (the list's URL, or a data: URL from the base64 route) */
  loaded: string | null;
  failed: boolean;
}

const entries = new Map<string, Entry>();
let generation = 0;

export function clearImageCaches(): void {
  entries.clear();
  generation += 1;
}

/** Changes each time the caches are cleared: images key on it to start again. */
export const cacheGeneration = (): number => generation;

export function cachedImage(path: string): Readonly<Entry> {
  return entries.get(path) ?? { fetches: 0, loaded: null, failed: false };
}

/** Counts one more fetch of `path`; false when it has had its fetches (it is then failed for good). */
export function takeFetch(path: string): boolean {
  const e = entries.get(path) ?? { fetches: 0, loaded: null, failed: false };
  entries.set(path, e);
  if (e.failed || e.fetches >= MAX_FETCHES_PER_PATH) {
    e.failed = true;
    return false;
  }
  e.fetches += 1;
  return true;
}

export function markLoaded(path: string, src: string): void {
  const e = entries.get(path);
  if (e) e.loaded = src;
}

export function markFailed(path: string): void {
  const e = entries.get(path);
  if (e) e.failed = true;
}
