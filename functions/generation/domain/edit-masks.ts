// The geometry of an edit of a finished avatar (docs/generation.md, "Edits"): which pixels the provider may
// paint, on which canvas, and where the source image sits on it. Pure: the worker hands in the person's matte
// (PersonSegmenter, ports.ts), the face's box and landmarks (the face model) and the user's brush; an
// adapter encodes the mask as the PNG the provider reads (functions/generation/images/edit-mask-png.ts).
import type { DetectedFace, PersonMatte } from '../../photos/public.ts';
import type { EditAspect, EditSpec, Placement } from './image-provider.ts';

/** One byte a pixel, row by row. */
export interface MaskImage {
  width: number;
  height: number;
  alpha: Uint8Array;
}

interface Point {
  x: number;
  y: number;
}

/** A face in px of the source image: its box and its 68 landmarks (functions/photos/domain/faces/ports.ts order). */
export interface EditFace {
  box: { x: number; y: number; width: number; height: number };
  landmarks: readonly Point[];
}

interface EditSource {
  width: number;
  height: number;
  /** the person (255) against the backdrop (0), at the source's size: backdrop and outfit need it */
  matte?: PersonMatte | null;
  /** the largest face: outfit and retouch need it, framing keeps it in place */
  face?: EditFace | null;
  /** region: the user's brush at the source's size, 255 (white) where to change */
  userMask?: MaskImage | null;
}

interface EditGeometry {
  /** at the canvas's size: 0 where the model may paint, 255 where the image is kept (the provider's mask) */
  mask: MaskImage;
  canvas: { width: number; height: number };
  /** where the source image sits on the canvas (the whole canvas but for framing) */
  placement: Placement;
}

/** A brush's pixel counts as brushed from half its strength (the API's and the worker's reading alike). */
export const BRUSHED = 128;

/**
 * The share of the brush that is brushed: of the whole picture, or of `box` (shares of the picture's width
 * and height, as a face box is kept). 0 for a box outside the picture.
 */
export function brushedShare(mask: MaskImage, box?: { x: number; y: number; width: number; height: number }) {
  const { width, height, alpha } = mask;
  const x0 = box ? Math.max(0, Math.floor(box.x * width)) : 0;
  const y0 = box ? Math.max(0, Math.floor(box.y * height)) : 0;
  const x1 = box ? Math.min(width, Math.ceil((box.x + box.width) * width)) : width;
  const y1 = box ? Math.min(height, Math.ceil((box.y + box.height) * height)) : height;
  if (x1 <= x0 || y1 <= y0) return 0;
  let brushed = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if ((alpha[y * width + x] as number) >= BRUSHED) brushed++;
  return brushed / ((x1 - x0) * (y1 - y0));
}

/** An edit that cannot be masked with what it was given (the worker fails the task and refunds it). */
export class EditMaskError extends Error {
  override name = 'EditMaskError';
}

/** Framing's shapes as width / height. */
export const ASPECT_RATIOS: Record<EditAspect, number> = { '1:1': 1, '4:5': 4 / 5, '3:2': 3 / 2, '4:1': 4 };

/** px: a framed canvas longer than this is scaled down, the source with it (a 4:1 banner of a portrait). */
export const MAX_CANVAS_LONG_SIDE = 2048;

/**
 * Where the face's centre sits on a framed canvas: centred across, a little above the middle, as the
 * face-centred exports put it (shared/result-presets.ts faceSquare).
 */
export const FRAMED_FACE_CENTRE = { x: 0.5, y: 0.45 } as const;

/** Of the face's height, how far below the chin landmark the outfit starts (the neck shows a little). */
const BELOW_CHIN = 0.04;
/** Of the chin-to-brow height, how far above the brows the skin mask reaches (the forehead). */
const FOREHEAD = 0.35;
/** Of the face's width, how much the eyes and mouth are grown before they are cut out of the skin. */
const FEATURE_MARGIN = 0.035;

/** The landmarks of the face-api 68-point model (functions/photos/domain/faces/ports.ts). */
const JAW = range(0, 16);
const BROWS = range(17, 26);
const LEFT_EYE = range(36, 41);
const RIGHT_EYE = range(42, 47);
const LEFT_BROW = range(17, 21);
const RIGHT_BROW = range(22, 26);
const MOUTH = range(48, 59);
const CHIN = 8;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/**
 * The face as the worker has it (shares of the image: from the face model, or as the source's task kept it),
 * in px of a `width` x `height` image.
 */
export function editFaceOf(
  face: Pick<DetectedFace, 'box' | 'landmarks'>,
  width: number,
  height: number,
): EditFace | null {
  if (!face.landmarks || face.landmarks.length < 68) return null;
  return {
    box: {
      x: face.box.x * width,
      y: face.box.y * height,
      width: face.box.width * width,
      height: face.box.height * height,
    },
    landmarks: face.landmarks.map((p) => ({ x: p.x * width, y: p.y * height })),
  };
}

export function editMask(spec: EditSpec, source: EditSource): EditGeometry {
  const { width, height } = source;
  const whole = { canvas: { width, height }, placement: { x: 0, y: 0, width, height } };
  switch (spec.kind) {
    case 'backdrop':
      return { ...whole, mask: { width, height, alpha: personOnly(matteOf(source), source.face) } };
    case 'outfit':
      return { ...whole, mask: outfitMask(source) };
    case 'framing':
      return framing(source, spec.aspect ?? '1:1');
    case 'retouch':
      return { ...whole, mask: skinMask(source) };
    case 'region':
      return { ...whole, mask: regionMask(source) };
  }
}

function matteOf(source: EditSource): PersonMatte {
  const { matte } = source;
  if (!matte) throw new EditMaskError('This edit needs the person found in the picture');
  if (matte.width !== source.width || matte.height !== source.height)
    throw new EditMaskError('The person matte is not the size of the picture');
  return matte;
}

/** Of the picture's shorter side: parts of the matte thinner than twice this are cut from the person. */
const THIN = 0.025;
/** Of THIN's reach: how far past the person's core the matte is kept (the soft edge, strands of hair). */
const EDGE_REACH = 1.5;

/**
 * The matte cut to the person alone. A style's window and frame (the local renderer's, docs/generation.md) are drawn around the photo
 * and the segmenter often counts the frame's bars, and the strip of the photo's own backdrop inside the
 * window, as part of the person where they touch it: an edit would then keep them. The person is the part of
 * the matte that holds a disc of THIN's radius (the frame's bars and lines do not) and is connected to the
 * face (the largest such part without one); the matte is kept only within reach of it.
 */
function personOnly(matte: PersonMatte, face?: EditFace | null): Uint8Array {
  const { width, height, alpha } = matte;
  const n = width * height;
  const r = Math.max(2, Math.min(width, height) * THIN);
  const outside = new Uint8Array(n);
  for (let p = 0; p < n; p++) outside[p] = (alpha[p] as number) < 128 ? 1 : 0;
  // The picture's edge counts as outside too, so a bar along it is as thin as it looks.
  const toOutside = chamferDistance(outside, width, height, true);
  const core = new Uint8Array(n);
  let any = false;
  for (let p = 0; p < n; p++)
    if ((toOutside[p] as number) > r) {
      core[p] = 1;
      any = true;
    }
  if (!any) return Uint8Array.from(alpha);
  const part = personPart(core, width, height, face);
  const toPerson = chamferDistance(part, width, height, false);
  const out = new Uint8Array(n);
  const reach = r * EDGE_REACH;
  for (let p = 0; p < n; p++) if ((toPerson[p] as number) <= reach) out[p] = alpha[p] as number;
  return out;
}

/** The connected part of `core` (4-connected) holding the face's centre, else the largest. */
function personPart(core: Uint8Array, width: number, height: number, face?: EditFace | null): Uint8Array {
  const n = core.length;
  const label = new Int32Array(n);
  const sizes: number[] = [0];
  // Each pixel is pushed once (labelled as it is pushed): n entries are enough.
  const stack = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (!core[start] || label[start]) continue;
    const id = sizes.length;
    let size = 0;
    let top = 0;
    label[start] = id;
    stack[top++] = start;
    while (top) {
      const p = stack[--top] as number;
      size++;
      const x = p % width;
      if (p >= width && core[p - width] && !label[p - width]) {
        label[p - width] = id;
        stack[top++] = p - width;
      }
      if (p + width < n && core[p + width] && !label[p + width]) {
        label[p + width] = id;
        stack[top++] = p + width;
      }
      if (x > 0 && core[p - 1] && !label[p - 1]) {
        label[p - 1] = id;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && core[p + 1] && !label[p + 1]) {
        label[p + 1] = id;
        stack[top++] = p + 1;
      }
    }
    sizes.push(size);
  }
  let chosen = 0;
  if (face) {
    const cx = Math.round(face.box.x + face.box.width / 2);
    const cy = Math.round(face.box.y + face.box.height / 2);
    if (cx >= 0 && cx < width && cy >= 0 && cy < height) chosen = label[cy * width + cx] as number;
  }
  if (!chosen)
    for (let id = 1; id < sizes.length; id++)
      if ((sizes[id] as number) > (sizes[chosen] as number)) chosen = id;
  const part = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (label[p] === chosen) part[p] = 1;
  return part;
}

/**
 * Each pixel's distance in px to the nearest pixel set in `from` (a 3-4 chamfer, within 8 % of the true
 * distance, two passes); with `edgeIsSet`, the picture's border counts as set just outside it. Worked on a
 * copy with a one-pixel border holding the edge's value, so no step checks the picture's bounds.
 */
function chamferDistance(from: Uint8Array, width: number, height: number, edgeIsSet: boolean): Float32Array {
  // Whole steps of 3 and 4 (1e9 + steps stays within int32), divided by 3 at the end.
  const far = 1e9;
  const w = width + 2;
  const d = new Int32Array(w * (height + 2)).fill(edgeIsSet ? 3 : far);
  for (let y = 0; y < height; y++) {
    const row = (y + 1) * w + 1;
    for (let x = 0; x < width; x++) d[row + x] = from[y * width + x] ? 0 : far;
  }
  for (let y = 0; y < height; y++)
    for (let q = (y + 1) * w + 1, end = q + width; q < end; q++) {
      let v = d[q] as number;
      if (v === 0) continue;
      let c = (d[q - 1] as number) + 3;
      if (c < v) v = c;
      c = (d[q - w] as number) + 3;
      if (c < v) v = c;
      c = (d[q - w - 1] as number) + 4;
      if (c < v) v = c;
      c = (d[q - w + 1] as number) + 4;
      if (c < v) v = c;
      d[q] = v;
    }
  for (let y = height - 1; y >= 0; y--)
    for (let q = (y + 1) * w + width, end = q - width; q > end; q--) {
      let v = d[q] as number;
      if (v === 0) continue;
      let c = (d[q + 1] as number) + 3;
      if (c < v) v = c;
      c = (d[q + w] as number) + 3;
      if (c < v) v = c;
      c = (d[q + w + 1] as number) + 4;
      if (c < v) v = c;
      c = (d[q + w - 1] as number) + 4;
      if (c < v) v = c;
      d[q] = v;
    }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (y + 1) * w + 1;
    for (let x = 0; x < width; x++) out[y * width + x] = (d[row + x] as number) / 3;
  }
  return out;
}

function faceOf(source: EditSource): EditFace {
  const { face } = source;
  if (!face || face.landmarks.length < 68) throw new EditMaskError('This edit needs the face in the picture');
  return face;
}

/** The person below the chin line: the clothes (and the neck) the model may repaint; head and hair kept. */
function outfitMask(source: EditSource): MaskImage {
  const { width, height } = source;
  const face = faceOf(source);
  const matte = { width, height, alpha: personOnly(matteOf(source), face) };
  const chin = (face.landmarks[CHIN] as Point).y + face.box.height * BELOW_CHIN;
  // A soft start over a few px, so the new collar does not meet the neck on a hard line.
  const ramp = Math.max(2, face.box.height * 0.03);
  const alpha = new Uint8Array(width * height).fill(255);
  for (let y = Math.max(0, Math.floor(chin)); y < height; y++) {
    const below = clamp((y - chin) / ramp, 0, 1);
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      alpha[p] = Math.round(255 - (matte.alpha[p] as number) * below);
    }
  }
  return { width, height, alpha };
}

/** The face's skin: the jaw and the forehead above the brows, less the eyes (brows kept too) and the mouth. */
function skinMask(source: EditSource): MaskImage {
  const { width, height } = source;
  const face = faceOf(source);
  const pts = face.landmarks;
  const browY = Math.min(...BROWS.map((i) => (pts[i] as Point).y));
  const lift = ((pts[CHIN] as Point).y - browY) * FOREHEAD;
  const outline = [
    ...JAW.map((i) => pts[i] as Point),
    ...BROWS.map((i) => ({ x: (pts[i] as Point).x, y: (pts[i] as Point).y - lift })),
  ];
  const paint = new Uint8Array(width * height);
  fillPolygon(paint, width, height, convexHull(outline), 255);
  const grow = face.box.width * FEATURE_MARGIN;
  for (const feature of [LEFT_EYE, RIGHT_EYE, MOUTH])
    fillPolygon(paint, width, height, grown(convexHull(feature.map((i) => pts[i] as Point)), grow), 0);
  // A brow is nearly a line (its hull can be flat): its box, grown.
  for (const brow of [LEFT_BROW, RIGHT_BROW]) {
    const xs = brow.map((i) => (pts[i] as Point).x);
    const ys = brow.map((i) => (pts[i] as Point).y);
    const [x0, x1, y0, y1] = [
      Math.min(...xs) - grow,
      Math.max(...xs) + grow,
      Math.min(...ys) - grow,
      Math.max(...ys) + grow,
    ];
    fillPolygon(
      paint,
      width,
      height,
      [
        { x: x0, y: y0 },
        { x: x1, y: y0 },
        { x: x1, y: y1 },
        { x: x0, y: y1 },
      ],
      0,
    );
  }
  const alpha = new Uint8Array(width * height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = 255 - (paint[p] as number);
  return { width, height, alpha };
}

function regionMask(source: EditSource): MaskImage {
  const { width, height, userMask } = source;
  if (!userMask) throw new EditMaskError('This edit needs the brushed region');
  if (userMask.width !== width || userMask.height !== height)
    throw new EditMaskError('The brushed region is not the size of the picture');
  const alpha = new Uint8Array(width * height);
  let painted = 0;
  for (let p = 0; p < alpha.length; p++) {
    const change = (userMask.alpha[p] as number) >= 128;
    alpha[p] = change ? 0 : 255;
    if (change) painted++;
  }
  if (painted === 0) throw new EditMaskError('The brushed region is empty');
  return { width, height, alpha };
}

/**
 * The smallest canvas of the aspect that holds the whole source (scaled down past MAX_CANVAS_LONG_SIDE), the
 * source placed so its face's centre is where the face-centred exports put it, or as near as the canvas
 * allows (the source never leaves it). The padding is what the model paints.
 */
function framingGeometry(
  source: { width: number; height: number; face?: EditFace | null },
  aspect: EditAspect,
): { canvas: { width: number; height: number }; placement: Placement } {
  const ratio = ASPECT_RATIOS[aspect];
  let cw = Math.max(source.width, source.height * ratio);
  let ch = cw / ratio;
  const scale = Math.min(1, MAX_CANVAS_LONG_SIDE / Math.max(cw, ch));
  cw = Math.round(cw * scale);
  ch = Math.round(ch * scale);
  const pw = Math.min(cw, Math.round(source.width * scale));
  const ph = Math.min(ch, Math.round(source.height * scale));
  const face = source.face?.box;
  const fx = face ? (face.x + face.width / 2) * scale : pw / 2;
  const fy = face ? (face.y + face.height / 2) * scale : ph / 2;
  const x = Math.round(clamp(cw * FRAMED_FACE_CENTRE.x - fx, 0, cw - pw));
  const y = Math.round(clamp(face ? ch * FRAMED_FACE_CENTRE.y - fy : (ch - ph) / 2, 0, ch - ph));
  return { canvas: { width: cw, height: ch }, placement: { x, y, width: pw, height: ph } };
}

function framing(source: EditSource, aspect: EditAspect): EditGeometry {
  const { canvas, placement } = framingGeometry(source, aspect);
  const alpha = new Uint8Array(canvas.width * canvas.height);
  for (let y = placement.y; y < placement.y + placement.height; y++)
    alpha.fill(255, y * canvas.width + placement.x, y * canvas.width + placement.x + placement.width);
  return { mask: { ...canvas, alpha }, canvas, placement };
}

/** Andrew's monotone chain: the hull's corners, counter-clockwise. */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] as Point, out[out.length - 1] as Point, p) <= 0)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half(pts.reverse())];
}

/** A convex polygon pushed out from its centre by `by` px. */
function grown(poly: Point[], by: number): Point[] {
  const cx = poly.reduce((a, p) => a + p.x, 0) / poly.length;
  const cy = poly.reduce((a, p) => a + p.y, 0) / poly.length;
  return poly.map((p) => {
    const d = Math.hypot(p.x - cx, p.y - cy) || 1;
    return { x: p.x + ((p.x - cx) / d) * by, y: p.y + ((p.y - cy) / d) * by };
  });
}

/** Sets every pixel whose centre is inside the polygon (even-odd rule, row by row). */
export function fillPolygon(
  out: Uint8Array,
  width: number,
  height: number,
  poly: readonly Point[],
  value: number,
): void {
  if (poly.length < 3) return;
  const top = Math.max(0, Math.floor(Math.min(...poly.map((p) => p.y))));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...poly.map((p) => p.y))));
  for (let y = top; y <= bottom; y++) {
    const cy = y + 0.5;
    const xs: number[] = [];
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i] as Point;
      const b = poly[(i + 1) % poly.length] as Point;
      if (a.y <= cy !== b.y <= cy) xs.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil((xs[k] as number) - 0.5));
      const to = Math.min(width - 1, Math.floor((xs[k + 1] as number) - 0.5));
      if (to >= from) out.fill(value, y * width + from, y * width + to + 1);
    }
  }
}
