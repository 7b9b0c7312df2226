// The likeness score and the guarantee: the documented curve from a face distance to 0-100, what
// counts as under the guarantee, the stage's setting, the order reference photos are picked in, and the
// measure itself on real faces with the real model (no stand-in for the analyser).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { likenessConfig, providerConfig, readConfig } from '#platform/config.ts';
import {
  belowGuarantee,
  DEFAULT_LIKENESS_GUARANTEE,
  LIKENESS_CURVE,
  likenessFromDistance,
} from '#shared/face-rules.ts';
import { measureLikeness, referenceOrder } from '../../functions/generation/domain/likeness.ts';
import type { PhotoFace } from '../../functions/photos/domain/faces/faces.ts';
import { checkPhotoFace } from '../../functions/photos/domain/faces/faces.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { samePersonAgain, selfie } from '../support/face-fixtures.ts';

describe('the likeness curve', () => {
  it('passes through its documented points: a copy near 100, the usual same-person boundary 50, strangers under 20', () => {
    for (const [distance, score] of LIKENESS_CURVE) expect(likenessFromDistance(distance)).toBe(score);
    expect(likenessFromDistance(0.6)).toBe(50);
    expect(likenessFromDistance(0.8)).toBeLessThan(20);
    expect(likenessFromDistance(2)).toBe(0);
  });

  it('interpolates between them as whole numbers, never rising with the distance', () => {
    expect(likenessFromDistance(0.15)).toBe(98);
    expect(likenessFromDistance(0.525)).toBe(65);
    let previous = 101;
    for (let d = 0; d <= 1.2; d += 0.005) {
      const score = likenessFromDistance(d);
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(previous);
      previous = score;
    }
  });

  it('refuses what is not a distance', () => {
    expect(() => likenessFromDistance(-0.1)).toThrow(RangeError);
    expect(() => likenessFromDistance(Number.NaN)).toThrow(RangeError);
  });

  it('counts a score under the threshold, and no face at all, as under the guarantee', () => {
    expect(belowGuarantee(49, 50)).toBe(true);
    expect(belowGuarantee(50, 50)).toBe(false);
    expect(belowGuarantee(null, 50)).toBe(true);
    expect(belowGuarantee(null, 0)).toBe(true);
    expect(belowGuarantee(0, 0)).toBe(false);
  });
});

describe("the stage's settings", () => {
  it('reads the guarantee (0-100), with the default when unset, and refuses anything else', () => {
    expect(readConfig([likenessConfig], {}).likenessGuarantee).toBe(DEFAULT_LIKENESS_GUARANTEE);
    expect(readConfig([likenessConfig], { LIKENESS_GUARANTEE: '65' }).likenessGuarantee).toBe(65);
    expect(readConfig([likenessConfig], { LIKENESS_GUARANTEE: '0' }).likenessGuarantee).toBe(0);
    for (const bad of ['101', '-1', '50.5', 'high', ''])
      expect(() => readConfig([likenessConfig], { LIKENESS_GUARANTEE: bad }), bad).toThrow(
        /LIKENESS_GUARANTEE/,
      );
  });

  it("reads the local renderer's test option: the user's face, another's, or none, never with a real provider", () => {
    const face = (v?: string) =>
      readConfig([providerConfig], v === undefined ? {} : { LOCAL_RENDERER_FACE: v }).provider;
    expect(face()).toEqual({ kind: 'local-renderer', face: { kind: 'reference' } });
    expect(face('none')).toEqual({ kind: 'local-renderer', face: { kind: 'none' } });
    expect(face('/tmp/someone.jpg')).toEqual({
      kind: 'local-renderer',
      face: { kind: 'other', path: '/tmp/someone.jpg' },
    });
    expect(() => face('someone.jpg')).toThrow(/LOCAL_RENDERER_FACE/);
    expect(() =>
      readConfig([providerConfig], { LOCAL_RENDERER_FACE: 'none', OPENAI_API_KEY: 'sk-test' }),
    ).toThrow(/LOCAL_RENDERER_FACE applies to the local renderer/);
  });
});

describe('the reference photos the worker picks', () => {
  const face = (x: number): PhotoFace => ({
    box: { x: 0.3, y: 0.2, width: 0.4, height: 0.5 },
    eyes: { left: { x: 0.42, y: 0.4 }, right: { x: 0.58, y: 0.4 } },
    sharpness: 200,
    descriptor: Array.from({ length: 128 }, (_, i) => (i === 0 ? x : 0)),
  });
  const photo = (filename: string, over: Partial<PhotoRecord>): PhotoRecord => ({
    filename,
    originalName: filename,
    size: 1000,
    contentType: 'image/jpeg',
    width: 900,
    height: 1080,
    hints: [],
    face: face(0),
    uploadedAt: 1000,
    expiresAt: 9_000_000_000,
    ...over,
  });

  it('takes photos with a face before those without, the set’s own face before one that may be someone else, then fewest hints, then the newest', () => {
    const order = referenceOrder([
      photo('no-face-newest', { face: null, uploadedAt: 5000 }),
      photo('someone-else', { face: face(0.9), uploadedAt: 4000 }),
      photo('soft', { hints: ['face-blurry'], uploadedAt: 3000, face: face(0.05) }),
      photo('older', { uploadedAt: 1000, face: face(0.02) }),
      photo('newer', { uploadedAt: 2000, face: face(0.01) }),
    ]).map((p) => p.filename);
    expect(order).toEqual(['newer', 'older', 'soft', 'someone-else', 'no-face-newest']);
  });
});

describe('measuring an avatar', { timeout: 60_000 }, () => {
  const analyzer = new FaceApiAnalyzer();
  const descriptorOf = async (image: Buffer) => {
    const check = checkPhotoFace(await analyzer.analyse({ encoded: image }));
    if (!check.ok) throw new Error(check.reason);
    return check.face.descriptor;
  };

  it('scores the same person high and keeps the tokens; someone else low, refunded; no face null, refunded', async () => {
    const references = [await descriptorOf(await selfie(0)), await descriptorOf(await samePersonAgain(0, 2))];
    const same = await measureLikeness(analyzer, await samePersonAgain(0, 3), references, 50);
    expect(same?.score).toBeGreaterThanOrEqual(80);
    expect(same?.refund).toBe(false);
    const other = await measureLikeness(analyzer, await selfie(13), references, 50);
    expect(other?.score).toBeLessThan(50);
    expect(other?.refund).toBe(true);
    const blank = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#9aa5b1' } })
      .jpeg()
      .toBuffer();
    expect(await measureLikeness(analyzer, blank, references, 50)).toEqual({ score: null, refund: true });
  });

  it('does not score without a reference face to compare with', async () => {
    expect(await measureLikeness(analyzer, await selfie(0), [], 50)).toBeNull();
  });
});
