// Layers that depend only on a recipe and a size (backdrops, masks, textures, frames) are drawn once per
// process and kept as raw pixels, so each avatar costs only the photo's own work and the compositing.

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const MAX_BYTES = 160 * 1024 * 1024;
const cache = new Map<string, Promise<RawImage>>();
const sizes = new Map<string, number>();
let total = 0;

export function cached(key: string, draw: () => Promise<RawImage>): Promise<RawImage> {
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest goes first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = draw().then((img) => {
    sizes.set(key, img.data.length);
    total += img.data.length;
    for (const old of cache.keys()) {
      if (total <= MAX_BYTES || old === key) break;
      total -= sizes.get(old) ?? 0;
      sizes.delete(old);
      cache.delete(old);
    }
    return img;
  });
  made.catch(() => cache.delete(key));
  cache.set(key, made);
  return made;
}
