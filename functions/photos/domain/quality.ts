// Quality hints: what the best commercial products tell a user before they spend tokens on a photo.
// Measured on the stored image scaled to MEASURE_LONG_SIDE (functions/platform/images), so the
// thresholds do not depend on the upload's resolution. A hint is a warning, never a rejection.
import type { QualityHint } from '#shared/photo-rules.ts';

export const MEASURE_LONG_SIDE = 1024;

export const HINT_THRESHOLDS = {
  /** px on the short side: below this the avatars come out soft */
  smallShortSide: 1024,
  /** variance of the Laplacian of the grey image: low means few sharp edges (out of focus, shaken) */
  blurryBelow: 20,
  /** mean grey level, 0-255 */
  darkBelow: 55,
  brightAbove: 215,
} as const;

export interface ImageMeasures {
  width: number;
  height: number;
  /** mean grey level, 0-255 */
  meanLuma: number;
  /** variance of the Laplacian */
  sharpness: number;
}

export function qualityHints(m: ImageMeasures): QualityHint[] {
  const hints: QualityHint[] = [];
  if (Math.min(m.width, m.height) < HINT_THRESHOLDS.smallShortSide) hints.push('small');
  if (m.sharpness < HINT_THRESHOLDS.blurryBelow) hints.push('blurry');
  if (m.meanLuma < HINT_THRESHOLDS.darkBelow) hints.push('dark');
  if (m.meanLuma > HINT_THRESHOLDS.brightAbove) hints.push('bright');
  return hints;
}
