// The brush of "Fix one region" as the API takes it (shared/edit-rules.ts): a PNG of the avatar's own size,
// white where to change and black elsewhere, as a data URL of at most EDIT_MASK_MAX_BYTES. The strokes are
// kept in the avatar's pixels and drawn here, not read back from the screen's canvas: the mask is exactly
// the avatar's size whatever size the canvas is shown at, undo redraws from the strokes left, and it is the
// same in every browser (and in the component tests, which have no canvas).
import { MASK_DATA_URL_PREFIX } from '#shared/edit-rules.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Stroke {
  /** brush paints the region, eraser takes it back */
  mode: 'brush' | 'eraser';
  /** the brush's diameter, in the avatar's pixels */
  size: number;
  points: Point[];
}

/** 255 inside the capsule of radius `r` around the segment a-b. */
function paintSegment(
  px: Uint8Array,
  width: number,
  height: number,
  a: Point,
  b: Point,
  r: number,
  v: number,
) {
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + r));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      // The pixel's centre, against the nearest point of the segment.
      const cx = x + 0.5;
      const cy = y + 0.5;
      const t = len2 ? Math.max(0, Math.min(1, ((cx - a.x) * dx + (cy - a.y) * dy) / len2)) : 0;
      const ex = cx - (a.x + t * dx);
      const ey = cy - (a.y + t * dy);
      if (ex * ex + ey * ey <= r2) px[y * width + x] = v;
    }
  }
}

/** The strokes in order, one byte a pixel: 255 brushed, 0 not (or erased since). */
function rasterise(strokes: readonly Stroke[], width: number, height: number): Uint8Array {
  const px = new Uint8Array(width * height);
  for (const stroke of strokes) {
    const v = stroke.mode === 'brush' ? 255 : 0;
    const r = Math.max(0.5, stroke.size / 2);
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    let prev = first;
    paintSegment(px, width, height, first, first, r, v);
    for (const p of rest) {
      paintSegment(px, width, height, prev, p, r, v);
      prev = p;
    }
  }
  return px;
}

const isBrushed = (px: Uint8Array): boolean => px.some((v) => v !== 0);

/** Of the whole picture, the share brushed: the server refuses past EDIT_MASK_MAX_SHARE (shared/edit-rules.ts). */
export function brushedShare(strokes: readonly Stroke[], width: number, height: number): number {
  if (!strokes.length) return 0;
  const px = rasterise(strokes, width, height);
  let brushed = 0;
  for (const v of px) if (v !== 0) brushed++;
  return brushed / px.length;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib's deflate, by the browser's own CompressionStream. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>);
  void writer.close();
  const parts: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An 8-bit greyscale PNG of these pixels. */
async function encodeGreyPng(px: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(px.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The mask the API takes: the PNG's bytes (to check the size against the limit) and its data URL. */
export async function brushMask(
  strokes: readonly Stroke[],
  width: number,
  height: number,
): Promise<{ bytes: number; dataUrl: string; brushed: boolean }> {
  const px = rasterise(strokes, width, height);
  const png = await encodeGreyPng(px, width, height);
  return { bytes: png.length, dataUrl: `${MASK_DATA_URL_PREFIX}${base64(png)}`, brushed: isBrushed(px) };
}
