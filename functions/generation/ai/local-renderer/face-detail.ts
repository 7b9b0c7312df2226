// The strongest stylisations (cel shading, flat poster colour, pixels, pencil, brush strokes) flatten a face until nobody,
// a face model included, can tell whose it is: the preview would then fail the likeness guarantee that a
// real provider's stylised portrait passes. Inside a soft oval around the face, part of the photo's own
// detail is laid back over the stylised picture, so the style still reads everywhere and the face stays
// the user's.
import type { RenderRecipe } from '../../../styles/public.ts';
import type { PlacedFace } from './face-frame.ts';
import type { RawImage } from './raw-cache.ts';

/** How much of the photo comes back inside the face, per stylisation (the others keep faces as they are). */
export const FACE_DETAIL: Partial<Record<RenderRecipe['effect'], number>> = {
  ink: 0.6,
  poster: 0.6,
  pixel: 0.7,
  sketch: 0.8,
  paint: 0.5,
};

/** Lays `original` back over `styled` (both RGB, same size) inside the face's oval; in place. */
export function keepFaceDetail(
  styled: RawImage,
  original: Buffer,
  face: PlacedFace,
  effect: RenderRecipe['effect'],
): void {
  const amount = FACE_DETAIL[effect];
  if (!amount) return;
  const grey = effect === 'sketch';
  const cx = face.eyeX;
  const cy = face.eyeY + 0.15 * face.height;
  const rx = 0.75 * face.width;
  const ry = 0.85 * face.height;
  const { width, height, data } = styled;
  const x0 = Math.max(0, Math.floor(cx - 1.2 * rx));
  const x1 = Math.min(width, Math.ceil(cx + 1.2 * rx));
  const y0 = Math.max(0, Math.floor(cy - 1.2 * ry));
  const y1 = Math.min(height, Math.ceil(cy + 1.2 * ry));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      if (d >= 1.2) continue;
      // Full inside 0.7 of the oval, fading out to nothing at 1.2.
      const t = d <= 0.7 ? 1 : 1 - (d - 0.7) / 0.5;
      const a = amount * t * t * (3 - 2 * t);
      const i = (y * width + x) * 3;
      const r = original[i] as number;
      const g = original[i + 1] as number;
      const b = original[i + 2] as number;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      data[i] = (data[i] as number) * (1 - a) + (grey ? l : r) * a;
      data[i + 1] = (data[i + 1] as number) * (1 - a) + (grey ? l : g) * a;
      data[i + 2] = (data[i + 2] as number) * (1 - a) + (grey ? l : b) * a;
    }
  }
}
