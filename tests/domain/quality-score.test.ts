// The quality score's rules on records built by hand (docs/faces.md, "Quality score"): each reason past its
// threshold, the weights, photos stored before the measures, and the set's score with the one thing that would
// raise it most first. The same rules on real faces: tests/unit/photo-quality.test.ts.
import { describe, expect, it } from 'vitest';
import type { QUALITY_REASONS } from '#shared/photo-rules.ts';
import type { PhotoMeasures } from '../../functions/photos/domain/faces/face-measures.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';
import {
  faceCut,
  LOW_RESOLUTION_POINTS,
  photoQuality,
  QUALITY_RULES,
  SET_RULES,
  setQuality,
  shownHints,
} from '../../functions/photos/domain/quality-score.ts';

/** A good frontal selfie's figures (fixture person 0's, docs/faces.md). */
const GOOD: PhotoMeasures = {
  faceLuma: 117,
  aroundLuma: 59,
  eyesLuma: 105,
  lightSide: 0.03,
  yaw: -11,
  pitch: 6,
  eyeOpening: 0.27,
  smile: 0.92,
  mouthOpen: 0.2,
};

let n = 0;
const photo = (
  measures: Partial<PhotoMeasures> | null = {},
  over: Partial<PhotoRecord> = {},
  descriptor: number[] = Array.from({ length: 128 }, () => 0),
): PhotoRecord => ({
  filename: `p${++n}.jpg`,
  originalName: 'p.jpg',
  size: 1,
  contentType: 'image/jpeg',
  width: 900,
  height: 1080,
  hints: [],
  // a face of 400 px at the analysed size, well inside the frame
  face: {
    box: { x: 0.25, y: 0.2, width: 400 / 853, height: 480 / 1024 },
    eyes: { left: { x: 0.4, y: 0.35 }, right: { x: 0.6, y: 0.35 } },
    sharpness: 300,
    descriptor,
  },
  ...(measures ? { measures: { ...GOOD, ...measures } } : {}),
  uploadedAt: 0,
  expiresAt: 1,
  ...over,
});

describe('a photo’s score', () => {
  it('is near 100 for a good selfie, with no reason', () => {
    const q = photoQuality(photo());
    expect(q.score).toBeGreaterThanOrEqual(95);
    expect(q.reasons).toEqual([]);
  });

  it('gives each reason past its threshold, and takes at most its weight off', () => {
    const cases: [(typeof QUALITY_REASONS)[number], Partial<PhotoMeasures>][] = [
      ['face-dark', { faceLuma: 40, eyesLuma: 36, aroundLuma: 40 }],
      ['face-bright', { faceLuma: 240, eyesLuma: 220, aroundLuma: 240 }],
      ['backlit', { faceLuma: 80, eyesLuma: 70, aroundLuma: 230 }],
      ['head-turned', { yaw: 70 }],
      ['head-tilted', { pitch: -35 }],
      ['eyes-closed', { eyeOpening: 0.1 }],
      ['dark-glasses', { eyesLuma: 20 }],
    ];
    const base = photoQuality(photo()).score;
    for (const [reason, figures] of cases) {
      const q = photoQuality(photo(figures));
      expect(q.reasons, reason).toContain(reason);
      expect(q.reasons[0], reason).toBe(reason);
      expect(q.score, reason).toBeLessThan(base);
      expect(base - q.score, reason).toBeLessThanOrEqual(QUALITY_RULES[reason].weight + 12);
    }
    // A three-quarter view and a slight tilt are fine.
    expect(photoQuality(photo({ yaw: 40, pitch: 12 })).reasons).toEqual([]);
  });

  it('reads the face’s size, sharpness and cut from the face check (photos stored before the measures too)', () => {
    const small = photo(null, {
      face: {
        ...(photo().face as NonNullable<PhotoRecord['face']>),
        box: { x: 0.4, y: 0.4, width: 0.1, height: 0.1 },
      },
    });
    expect(photoQuality(small).reasons).toContain('face-small');
    const soft = photo(null, {
      face: { ...(photo().face as NonNullable<PhotoRecord['face']>), sharpness: 20 },
    });
    expect(photoQuality(soft).reasons).toContain('face-blurry');
    const cut = photo(null, {
      face: {
        ...(photo().face as NonNullable<PhotoRecord['face']>),
        box: { x: 0.3, y: 0.6, width: 0.4, height: 0.4 },
      },
    });
    expect(photoQuality(cut).reasons).toContain('face-cut');
    // The whole-image hints stand in for the face's light when nothing else was measured.
    expect(photoQuality(photo(null, { hints: ['dark'] })).reasons).toEqual(['face-dark']);
    expect(photoQuality(photo(null, { face: null, hints: ['blurry'] })).reasons).toEqual(['face-blurry']);
  });

  it('takes a few points off for the "Low resolution" warning, more the smaller the photo, none without it', () => {
    const base = photoQuality(photo()).score;
    // 900 px on the short side: under the 1024 of the warning, a little off.
    const slightly = photoQuality(photo({}, { hints: ['small'] })).score;
    expect(slightly).toBeLessThan(base);
    expect(base - slightly).toBeLessThanOrEqual(3);
    // At the smallest photo kept (512 px), all of it; the reasons stay the face's (the warning explains it).
    const unwarned = photoQuality(photo({}, { width: 512, height: 614 }));
    const smallest = photoQuality(photo({}, { width: 512, height: 614, hints: ['small'] }));
    expect(unwarned.score - smallest.score).toBe(LOW_RESOLUTION_POINTS);
    expect(smallest.reasons).toEqual(unwarned.reasons);
  });

  it('shows the whole-image light hints only for photos whose face’s light was not measured', () => {
    // A dark room around a well-lit face: the score is high and no "Too dark" contradicts it.
    const dim = photo({}, { hints: ['small', 'dark', 'turned-upright'] });
    expect(photoQuality(dim).reasons).toEqual([]);
    expect(shownHints(dim)).toEqual(['small', 'turned-upright']);
    // A dark face: the score's 'face-dark' says it, not the frame's 'dark' beside it.
    const darkFace = photo({ faceLuma: 40, eyesLuma: 36, aroundLuma: 40 }, { hints: ['dark'] });
    expect(photoQuality(darkFace).reasons).toContain('face-dark');
    expect(shownHints(darkFace)).toEqual([]);
    expect(shownHints(photo({}, { hints: ['bright', 'face-small'] }))).toEqual(['face-small']);
    // Stored before the measures: the hint is what the score's light comes from, and it stays.
    expect(shownHints(photo(null, { hints: ['dark'] }))).toEqual(['dark']);
    expect(shownHints(photo(null, { hints: ['bright'] }))).toEqual(['bright']);
  });

  it('lists the costliest reason first and never goes under 0', () => {
    const q = photoQuality(
      photo({ faceLuma: 20, eyesLuma: 5, aroundLuma: 200, yaw: 89, pitch: 60, eyeOpening: 0.05 }),
    );
    expect(q.score).toBeGreaterThanOrEqual(0);
    expect(q.score).toBeLessThan(20);
    expect(q.reasons[0]).toBe('face-dark');
  });

  it('measures a cut from a box the detector clipped at the frame', () => {
    expect(faceCut({ x: 0.3, y: 0.3, width: 0.3, height: 0.36 }, 1)).toBe(0);
    // touching the bottom, half as tall as a whole face: about half cut off
    expect(faceCut({ x: 0.3, y: 0.82, width: 0.3, height: 0.18 }, 1)).toBeCloseTo(0.5, 1);
    // touching the top with whole proportions: at least its hair
    expect(faceCut({ x: 0.3, y: 0, width: 0.3, height: 0.36 }, 1)).toBeGreaterThan(0);
  });
});

describe('the set’s score', () => {
  const turned = (yaw: number, smile: number, faceLuma: number) =>
    photo({ yaw, smile, faceLuma, eyesLuma: faceLuma * 0.9 });

  it('is 0 with no photo, asking for photos', () => {
    expect(setQuality([])).toEqual({ score: 0, reasons: ['more-photos'] });
  });

  it('rises with more photos and with variety of angles, expressions and light', () => {
    // Two alike (the fewest the guidance allows): more photos would raise it most.
    const same = Array.from({ length: 2 }, () => photo());
    const varied = [turned(-20, 0.8, 100), turned(0, 0.95, 130), turned(20, 1.05, 150)];
    const a = setQuality(same);
    const b = setQuality(varied);
    expect(b.score).toBeGreaterThan(a.score);
    expect(a.reasons[0]).toBe('more-photos');
    expect(a.reasons).toEqual(expect.arrayContaining(['more-angles', 'more-expressions', 'more-lighting']));
    expect(b.reasons).not.toContain('more-angles');
    const eight = Array.from({ length: 8 }, (_, i) => turned(-20 + i * 6, 0.8 + i * 0.03, 100 + i * 8));
    expect(setQuality(eight).score).toBeGreaterThanOrEqual(90);
    expect(setQuality(eight).reasons).toEqual([]);
  });

  it('asks for no more photos than the upload guidance (2 to 5): five varied photos are enough', () => {
    const five = Array.from({ length: 5 }, (_, i) => turned(-20 + i * 10, 0.8 + i * 0.05, 100 + i * 12));
    expect(setQuality(five).reasons).not.toContain('more-photos');
    expect(setQuality(five.slice(0, 4)).reasons).toContain('more-photos');
  });

  it('weighs the mean of its photos: weaker photos, a lower set, "better-photos" first when it costs most', () => {
    const good = Array.from({ length: 8 }, (_, i) => turned(-20 + i * 6, 0.8 + i * 0.03, 100 + i * 8));
    const dark = good.map((p) => ({
      ...p,
      measures: { ...(p.measures as PhotoMeasures), faceLuma: 30, eyesLuma: 27 },
    }));
    const q = setQuality(dark);
    expect(q.score).toBeLessThan(setQuality(good).score - 10);
    expect(q.reasons[0]).toBe('better-photos');
  });

  it('loses points for photos that may show someone else, said first', () => {
    const me = Array.from({ length: 128 }, () => 0);
    const other = Array.from({ length: 128 }, (_, i) => (i < 64 ? 0.1 : 0));
    const mine = [photo({ yaw: -15 }, {}, me), photo({ yaw: 0 }, {}, me), photo({ yaw: 15 }, {}, me)];
    const mixed = [...mine, photo({}, {}, other)];
    const q = setQuality(mixed);
    expect(q.reasons[0]).toBe('someone-else');
    expect(q.score).toBeLessThan(setQuality(mine).score);
    expect(setQuality(mine).reasons).not.toContain('someone-else');
    expect(SET_RULES.someoneElse).toBeGreaterThan(0);
  });
});
