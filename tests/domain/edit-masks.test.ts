// The geometry of avatar edits (functions/generation/domain/edit-masks.ts): what each kind lets the provider
// paint (0 in the mask) and keeps (255), the framed canvas's aspect and where the face lands on it.
import { describe, expect, it } from 'vitest';
import {
  ASPECT_RATIOS,
  convexHull,
  type EditFace,
  EditMaskError,
  editFaceOf,
  editMask,
  FRAMED_FACE_CENTRE,
  fillPolygon,
  MAX_CANVAS_LONG_SIDE,
  type MaskImage,
} from '../../functions/generation/domain/edit-masks.ts';
import type { EditAspect } from '../../functions/generation/domain/image-provider.ts';

/** A face of the 68-landmark model's layout, centred at (cx, cy), fw x fh px. */
function face(cx: number, cy: number, fw: number, fh: number): EditFace {
  const p: { x: number; y: number }[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = (Math.PI * i) / 16;
    p.push({ x: cx - (fw / 2) * Math.cos(t), y: cy - fh * 0.1 + fh * 0.6 * Math.sin(t) });
  }
  for (let i = 0; i < 10; i++) p.push({ x: cx - fw * 0.4 + (fw * 0.8 * i) / 9, y: cy - fh * 0.28 });
  for (let i = 0; i < 9; i++) p.push({ x: cx, y: cy - fh * 0.2 + (fh * 0.3 * i) / 8 });
  const ring = (x: number, y: number, rx: number, ry: number, n: number) => {
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / n;
      p.push({ x: x + rx * Math.cos(t), y: y + ry * Math.sin(t) });
    }
  };
  ring(cx - fw * 0.2, cy - fh * 0.15, fw * 0.08, fh * 0.03, 6);
  ring(cx + fw * 0.2, cy - fh * 0.15, fw * 0.08, fh * 0.03, 6);
  ring(cx, cy + fh * 0.3, fw * 0.18, fh * 0.06, 12);
  ring(cx, cy + fh * 0.3, fw * 0.12, fh * 0.02, 8);
  return { box: { x: cx - fw / 2, y: cy - fh / 2, width: fw, height: fh }, landmarks: p };
}

const at = (m: MaskImage, x: number, y: number) => m.alpha[Math.round(y) * m.width + Math.round(x)] as number;
const painted = (m: MaskImage) => m.alpha.filter((v) => v < 128).length;

/** A person: a head disc and a body from the shoulders down, the rest backdrop. */
function person(width: number, height: number, f: EditFace) {
  const alpha = new Uint8Array(width * height);
  const cx = f.box.x + f.box.width / 2;
  const cy = f.box.y + f.box.height / 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const head = ((x - cx) / (f.box.width * 0.7)) ** 2 + ((y - cy) / (f.box.height * 0.75)) ** 2 <= 1;
      const body = y > cy + f.box.height * 0.6 && Math.abs(x - cx) < f.box.width * 1.3;
      if (head || body) alpha[y * width + x] = 255;
    }
  return { width, height, alpha };
}

describe('editMask', () => {
  const W = 400;
  const H = 600;
  const f = face(200, 220, 160, 200);
  const matte = person(W, H, f);

  it('backdrop: paints what is not the person, keeps the person, on the picture as it is', () => {
    const g = editMask({ kind: 'backdrop', colour: '#336699' }, { width: W, height: H, matte });
    expect(g.canvas).toEqual({ width: W, height: H });
    expect(g.placement).toEqual({ x: 0, y: 0, width: W, height: H });
    expect(painted(g.mask)).toBe(matte.alpha.filter((v) => v === 0).length);
    expect(at(g.mask, 5, 5)).toBe(0);
    expect(at(g.mask, 200, 220)).toBe(255);
    expect(() => editMask({ kind: 'backdrop' }, { width: W, height: H })).toThrow(EditMaskError);
  });

  it('outfit: paints the person below the chin only; the head, the hair and the backdrop kept', () => {
    const g = editMask({ kind: 'outfit', outfit: 'suit' }, { width: W, height: H, matte, face: f });
    const chin = (f.landmarks[8] as { y: number }).y;
    for (let y = 0; y < chin; y++) for (let x = 0; x < W; x += 7) expect(at(g.mask, x, y)).toBe(255);
    for (let p = 0; p < W * H; p++) if (matte.alpha[p] === 0) expect(g.mask.alpha[p]).toBe(255);
    expect(at(g.mask, 200, 500)).toBe(0);
    let body = 0;
    for (let p = Math.ceil(chin + 20) * W; p < W * H; p++) if (matte.alpha[p] === 255) body++;
    expect(painted(g.mask)).toBeGreaterThanOrEqual(body);
    expect(() => editMask({ kind: 'outfit' }, { width: W, height: H, matte })).toThrow(EditMaskError);
  });

  it('retouch: paints the cheeks and forehead; the eyes, brows, mouth and all around the face kept', () => {
    const g = editMask({ kind: 'retouch', level: 'light' }, { width: W, height: H, face: f });
    const lm = f.landmarks;
    const centre = (ids: number[]) => ({
      x: ids.reduce((a, i) => a + (lm[i] as { x: number }).x, 0) / ids.length,
      y: ids.reduce((a, i) => a + (lm[i] as { y: number }).y, 0) / ids.length,
    });
    for (const ids of [[36, 37, 38, 39, 40, 41], [42, 43, 44, 45, 46, 47], [48, 51, 54, 57], [19], [24]]) {
      const c = centre(ids);
      expect(at(g.mask, c.x, c.y)).toBe(255);
    }
    expect(at(g.mask, 200 - 50, 240)).toBe(0); // a cheek
    expect(at(g.mask, 200 + 50, 240)).toBe(0);
    expect(at(g.mask, 200, 220 - 200 * 0.36)).toBe(0); // the forehead, above the brows
    expect(at(g.mask, 20, 220)).toBe(255);
    expect(at(g.mask, 200, 500)).toBe(255);
    // Less than the face box, more than a third of it.
    expect(painted(g.mask)).toBeLessThan(160 * 200);
    expect(painted(g.mask)).toBeGreaterThan((160 * 200) / 3);
    expect(() => editMask({ kind: 'retouch' }, { width: W, height: H })).toThrow(EditMaskError);
  });

  it('region: paints the brush, nothing else; a brush of another size or an empty one is refused', () => {
    const brush = { width: W, height: H, alpha: new Uint8Array(W * H) };
    for (let y = 100; y < 150; y++) brush.alpha.fill(255, y * W + 300, y * W + 360);
    const g = editMask(
      { kind: 'region', prompt: 'remove the glare' },
      { width: W, height: H, userMask: brush },
    );
    expect(painted(g.mask)).toBe(50 * 60);
    expect(at(g.mask, 320, 120)).toBe(0);
    expect(at(g.mask, 200, 220)).toBe(255);
    const small = { width: 200, height: 300, alpha: new Uint8Array(200 * 300).fill(255) };
    expect(() => editMask({ kind: 'region' }, { width: W, height: H, userMask: small })).toThrow(
      EditMaskError,
    );
    const empty = { width: W, height: H, alpha: new Uint8Array(W * H) };
    expect(() => editMask({ kind: 'region' }, { width: W, height: H, userMask: empty })).toThrow(/empty/);
  });

  describe('framing', () => {
    const sources = [
      { width: 1024, height: 1536, face: face(512, 560, 300, 380) },
      { width: 1024, height: 1024, face: face(430, 420, 280, 340) },
      { width: 1024, height: 1024, face: null },
    ];
    const aspects = Object.keys(ASPECT_RATIOS) as EditAspect[];
    for (const source of sources)
      for (const aspect of aspects)
        it(`${aspect} of ${source.width}x${source.height}${source.face ? '' : ' without a face'}: the aspect, the whole picture, the face in place`, () => {
          const g = editMask({ kind: 'framing', aspect }, source);
          const { canvas, placement: p } = g;
          expect(Math.abs(canvas.width / canvas.height - ASPECT_RATIOS[aspect])).toBeLessThan(0.005);
          expect(Math.max(canvas.width, canvas.height)).toBeLessThanOrEqual(MAX_CANVAS_LONG_SIDE);
          expect([g.mask.width, g.mask.height]).toEqual([canvas.width, canvas.height]);
          // The whole source, its own shape, inside the canvas.
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x + p.width).toBeLessThanOrEqual(canvas.width);
          expect(p.y + p.height).toBeLessThanOrEqual(canvas.height);
          expect(Math.abs(p.width / p.height - source.width / source.height)).toBeLessThan(0.01);
          // Kept: exactly the placed picture; painted: the padding around it.
          expect(g.mask.alpha.length - painted(g.mask)).toBe(p.width * p.height);
          expect(at(g.mask, p.x + p.width / 2, p.y + p.height / 2)).toBe(255);
          // The canvas is no bigger than it must be: the picture touches two opposite sides.
          expect(p.width === canvas.width || p.height === canvas.height).toBe(true);
          if (source.face) {
            const s = p.width / source.width;
            const fx = p.x + (source.face.box.x + source.face.box.width / 2) * s;
            const fy = p.y + (source.face.box.y + source.face.box.height / 2) * s;
            // Where the face-centred exports put it, unless the picture would have to leave the canvas.
            if (p.x > 0 && p.x + p.width < canvas.width)
              expect(Math.abs(fx - canvas.width * FRAMED_FACE_CENTRE.x)).toBeLessThanOrEqual(1);
            if (p.y > 0 && p.y + p.height < canvas.height)
              expect(Math.abs(fy - canvas.height * FRAMED_FACE_CENTRE.y)).toBeLessThanOrEqual(1);
            expect(fx).toBeGreaterThan(0);
            expect(fy).toBeLessThan(canvas.height);
          }
        });

    it('centres the face across a banner, with room on both sides', () => {
      const g = editMask({ kind: 'framing', aspect: '4:1' }, sources[1] as (typeof sources)[number]);
      expect(g.canvas).toEqual({ width: 2048, height: 512 });
      const fx = g.placement.x + 430 * (g.placement.width / 1024);
      expect(fx).toBeCloseTo(1024, 0);
      expect(painted(g.mask)).toBe(2048 * 512 - 512 * 512);
    });
  });
});

describe('editFaceOf', () => {
  it('turns the face model’s shares into px, and has no face without its landmarks', () => {
    const detected = {
      score: 0.9,
      box: { x: 0.25, y: 0.1, width: 0.5, height: 0.4 },
      eyes: { left: { x: 0.4, y: 0.25 }, right: { x: 0.6, y: 0.25 } },
      sharpness: 10,
      descriptor: [],
      landmarks: Array.from({ length: 68 }, (_, i) => ({ x: i / 100, y: 0.5 })),
    };
    const f = editFaceOf(detected, 1000, 2000);
    expect(f?.box).toEqual({ x: 250, y: 200, width: 500, height: 800 });
    expect(f?.landmarks[10]).toEqual({ x: 100, y: 1000 });
    expect(editFaceOf({ ...detected, landmarks: undefined }, 1000, 2000)).toBeNull();
  });
});

describe('polygons', () => {
  it('fills a hull of scattered points as its area', () => {
    const pts = [
      { x: 10, y: 10 },
      { x: 50, y: 10 },
      { x: 30, y: 30 },
      { x: 50, y: 50 },
      { x: 10, y: 50 },
    ];
    expect(convexHull(pts)).toHaveLength(4);
    const out = new Uint8Array(100 * 100);
    fillPolygon(out, 100, 100, convexHull(pts), 255);
    expect(out.filter((v) => v === 255).length).toBe(40 * 40);
  });
});
