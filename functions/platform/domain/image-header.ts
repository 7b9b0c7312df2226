// An image's format and size read from its first bytes, without decoding a pixel: the one rule every decode of
// bytes a user sent goes through (docs/operations.md, "Images from users"). A PNG of a few kilobytes can claim
// 16383 x 16383 pixels and take a gigabyte to decode, so what a route accepts is refused by format and pixel
// count here first, and the same pixel count is the decoder's own limit after (functions/platform/images).

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageHeader {
  format: ImageFormat;
  /** px, as stored (a JPEG's EXIF turn does not change width x height) */
  width: number;
  height: number;
  /** a PNG's IHDR fields: bits a sample, colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA) */
  png?: { bitDepth: number; colourType: number; interlaced: boolean };
}

/** What a decode path accepts. */
export interface ImageRule {
  formats: readonly ImageFormat[];
  /** width x height at most */
  maxPixels: number;
}

export type ImageRefusal = 'not-an-image' | 'too-many-pixels';

export type HeaderCheck = { ok: true; header: ImageHeader } | { ok: false; reason: ImageRefusal };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The PNG bit depths each colour type allows (the PNG specification's table). */
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** The PNG specification's largest side (2^31 - 1); JPEG and WebP cannot say more. */
const MAX_SIDE = 0x7fffffff;

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const u16be = (b: Uint8Array, at: number) => ((b[at] as number) << 8) | (b[at + 1] as number);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u16le = (b: Uint8Array, at: number) => (b[at] as number) | ((b[at + 1] as number) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) + (b[at + 2] as number) * 0x10000;

/** Signature, then IHDR first: length 13, type, width, height, depth, colour type, methods (0), interlace. */
function pngHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 33 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const [bitDepth, colourType, compression, filter, interlace] = [24, 25, 26, 27, 28].map(
    (i) => b[i] as number,
  ) as [number, number, number, number, number];
  if (!PNG_DEPTHS[colourType]?.includes(bitDepth)) return null;
  if (compression !== 0 || filter !== 0 || interlace > 1) return null;
  return { format: 'png', width, height, png: { bitDepth, colourType, interlaced: interlace === 1 } };
}

/** The frame header (SOF0..SOF15 but DHT, JPG and DAC) after the segments before it. */
function jpegHeader(b: Uint8Array): ImageHeader | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] as number;
    // Fill bytes, and the markers that carry no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image before any frame: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > b.length) return null;
      return { format: 'jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** RIFF, size, WEBP, then the first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended, with a canvas). */
function webpHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14 bits of width and of height (2 bits of scale above each).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = u16le(b, 21) + u16le(b, 23) * 0x10000;
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** PNG, JPEG or WebP by magic bytes, with its size from its header; null for anything else or a broken header. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  let header: ImageHeader | null = null;
  if (bytes.length >= 8 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) header = pngHeader(bytes);
  else if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    header = jpegHeader(bytes);
  else if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    header = webpHeader(bytes);
  if (!header || header.width < 1 || header.height < 1) return null;
  if (header.width > MAX_SIDE || header.height > MAX_SIDE) return null;
  return header;
}

/** The rule before any decode: a format the path takes, and at most its pixel count. */
export function checkImageHeader(bytes: Uint8Array, rule: ImageRule): HeaderCheck {
  const header = readImageHeader(bytes);
  if (!header || !rule.formats.includes(header.format)) return { ok: false, reason: 'not-an-image' };
  if (header.width * header.height > rule.maxPixels) return { ok: false, reason: 'too-many-pixels' };
  return { ok: true, header };
}
