// The quality score on real faces (docs/faces.md, "Quality score"): fixture selfies and worse copies of them,
// prepared by the real image adapter and analysed by the real model, as intake does, then scored from the
// record alone. Each copy must score lower than its selfie or be refused; the reasons name what was done.
import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { checkPhotoFace } from '../../functions/photos/domain/faces/faces.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';
import { MEASURE_LONG_SIDE } from '../../functions/photos/domain/quality.ts';
import { photoQuality } from '../../functions/photos/domain/quality-score.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { SharpImages } from '../../functions/photos/images/sharp-images.ts';
import { selfie } from '../support/face-fixtures.ts';
import {
  blurredCopy,
  cutCopy,
  darkenedCopy,
  darkGlassesCopy,
  shrunkCopy,
} from '../support/quality-copies.ts';

const analyzer = new FaceApiAnalyzer();
const images = new SharpImages();

/** What intake records of a photo (functions/photos/domain/intake.ts), or null when the check refuses it. */
async function record(bytes: Buffer): Promise<PhotoRecord | null> {
  const prepared = await images.prepare(bytes, {
    maxPixels: PHOTO_LIMITS.maxPixels,
    minShortSide: PHOTO_LIMITS.minShortSide,
    storedLongSide: PHOTO_LIMITS.storedLongSide,
    thumbnailSide: PHOTO_LIMITS.thumbnailSide,
    thumbnailMaxBytes: PHOTO_LIMITS.thumbnailMaxBytes,
    measureLongSide: MEASURE_LONG_SIDE,
  });
  if (!prepared.ok) throw new Error(prepared.reason);
  const check = checkPhotoFace(await analyzer.analyse(prepared.photo.pixels));
  if (!check.ok) return null;
  return {
    filename: 'photo.jpg',
    originalName: 'photo.jpg',
    size: prepared.photo.image.length,
    contentType: 'image/jpeg',
    width: prepared.photo.measures.width,
    height: prepared.photo.measures.height,
    hints: check.hints,
    face: check.face,
    ...(check.measures ? { measures: check.measures } : {}),
    uploadedAt: 0,
    expiresAt: 1,
  };
}

/** Persons whose darkened copy the detector still finds (the others' copies are refused as no-face). */
const PEOPLE = [0, 2, 3, 5, 6, 13];

describe('the quality score on the fixture selfies', () => {
  it('scores every blurred, darkened and shrunk copy lower than its selfie, with the reason where expected', async () => {
    let scored = 0;
    for (const person of PEOPLE) {
      const original = await selfie(person);
      const base = await record(original);
      if (!base) throw new Error(`person ${person}: no face`);
      const own = photoQuality(base);
      expect(own.score, `person ${person}`).toBeGreaterThanOrEqual(75);
      for (const [kind, make] of [
        ['blurred', blurredCopy],
        ['darkened', darkenedCopy],
        ['shrunk', shrunkCopy],
      ] as const) {
        const copy = await record(await make(original));
        // A copy the face check refuses is lower than any score.
        if (!copy) continue;
        scored++;
        const q = photoQuality(copy);
        expect(q.score, `person ${person}, ${kind}: ${q.score} vs ${own.score}`).toBeLessThan(own.score);
        if (kind === 'darkened') expect(q.reasons, `person ${person}`).toContain('face-dark');
        if (kind === 'blurred' && (copy.face?.sharpness ?? 0) < 50)
          expect(q.reasons).toContain('face-blurry');
        // Further away but still a usable face: lower, and no instruction to move closer yet.
        if (kind === 'shrunk') expect(q.reasons).not.toContain('face-small');
      }
    }
    expect(scored).toBeGreaterThanOrEqual(PEOPLE.length * 3 - 2);
  }, 120_000);

  it('says "dark glasses" for dark lenses over the eyes and "face cut" for a face cut by the frame', async () => {
    for (const person of [0, 3]) {
      const original = await selfie(person);
      const base = (await record(original)) as PhotoRecord;
      const own = photoQuality(base);
      expect(own.reasons).not.toContain('dark-glasses');
      expect(own.reasons).not.toContain('face-cut');
      const face = base.face as NonNullable<PhotoRecord['face']>;
      const glasses = (await record(await darkGlassesCopy(original, face.eyes))) as PhotoRecord;
      expect(photoQuality(glasses).reasons).toContain('dark-glasses');
      expect(photoQuality(glasses).score).toBeLessThan(own.score);
      const cut = (await record(await cutCopy(original, face.box))) as PhotoRecord;
      expect(photoQuality(cut).reasons).toContain('face-cut');
      expect(photoQuality(cut).score).toBeLessThan(own.score);
    }
  }, 60_000);

  it('stores figures, never the landmarks or anything beyond the face check', async () => {
    const base = (await record(await selfie(0))) as PhotoRecord;
    expect(Object.keys(base.measures ?? {}).sort()).toEqual(
      [
        'aroundLuma',
        'eyeOpening',
        'eyesLuma',
        'faceLuma',
        'lightSide',
        'mouthOpen',
        'pitch',
        'smile',
        'yaw',
      ].sort(),
    );
    for (const v of Object.values(base.measures ?? {})) expect(typeof v).toBe('number');
  }, 30_000);
});
