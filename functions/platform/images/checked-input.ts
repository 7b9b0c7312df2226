// The one door to sharp for bytes a user sent (docs/operations.md, "Images from users"): the header is read
// and held to the path's rule before libvips sees a byte (functions/platform/domain/image-header.ts), and the same
// pixel count is passed to sharp as limitInputPixels, so the decoder refuses anything the header reader let by.
import type { SharpOptions } from 'sharp';
import {
  checkImageHeader,
  type ImageHeader,
  type ImageRefusal,
  type ImageRule,
} from '../domain/image-header.ts';

/** Refused from the header alone: nothing was decoded. */
export class ImageRefused extends Error {
  override name = 'ImageRefused';
  readonly reason: ImageRefusal;
  constructor(reason: ImageRefusal) {
    super(`image refused before decoding: ${reason}`);
    this.reason = reason;
  }
}

/** libvips refuses, from the header alone, an image over `limitInputPixels`. */
export const isPixelLimit = (e: unknown): boolean =>
  e instanceof Error && /exceeds pixel limit/i.test(e.message);

/**
 * The header checked against `rule` (throws ImageRefused), and the options to decode with: `extra`, a cut-off
 * file failing the decode unless `extra` says otherwise, and the rule's pixel count as sharp's own limit.
 */
export function checkedInput(
  bytes: Uint8Array,
  rule: ImageRule,
  extra: SharpOptions = {},
): { header: ImageHeader; options: SharpOptions } {
  const check = checkImageHeader(bytes, rule);
  if (!check.ok) throw new ImageRefused(check.reason);
  return {
    header: check.header,
    options: { failOn: 'truncated', ...extra, limitInputPixels: Math.max(1, rule.maxPixels) },
  };
}
