// The face rules on their own (shared/face-rules.ts, functions/photos/domain/faces/faces.ts). The model
// itself is exercised on real photos by the integration tests; here, what the rules make of its findings.
import { describe, expect, it } from 'vitest';
import { FACE_RULES } from '#shared/face-rules.ts';
import {
  checkPhotoFace,
  faceDistance,
  mayShowSomeoneElse,
} from '../../functions/photos/domain/faces/faces.ts';
import type { DetectedFace, FaceAnalysis } from '../../functions/photos/domain/faces/ports.ts';

const eyes = { left: { x: 0.4, y: 0.4 }, right: { x: 0.6, y: 0.4 } };
/** A descriptor `d` away from the origin along axis `axis`. */
const at = (d: number, axis = 0) => Array.from({ length: 128 }, (_, i) => (i === axis ? d : 0));

function face(side: number, o: Partial<DetectedFace> = {}): DetectedFace {
  return {
    score: 0.99,
    box: { x: 0.3, y: 0.2, width: side / 1024, height: (side * 1.2) / 768 },
    eyes,
    sharpness: 200,
    descriptor: at(0),
    ...o,
  };
}
const analysis = (...faces: DetectedFace[]): FaceAnalysis => ({ width: 1024, height: 768, faces });

describe('the photo check', () => {
  it('refuses no face and several people, keeps one', () => {
    expect(checkPhotoFace(analysis())).toEqual({ ok: false, reason: 'no-face' });
    expect(checkPhotoFace(analysis(face(300), face(250)))).toEqual({ ok: false, reason: 'several-faces' });
    expect(checkPhotoFace(analysis(face(300)))).toMatchObject({ ok: true, hints: [] });
  });

  it('does not count a face far smaller than the main one (a poster, a passer-by) as a second person', () => {
    const tiny = face(300 * FACE_RULES.otherFaceMinRelativeSide - 10);
    expect(checkPhotoFace(analysis(face(300), tiny))).toMatchObject({ ok: true });
  });

  it('warns, never refuses, about a small face and a soft one, at the thresholds', () => {
    expect(checkPhotoFace(analysis(face(FACE_RULES.smallFaceSide - 1)))).toMatchObject({
      ok: true,
      hints: ['face-small'],
    });
    expect(checkPhotoFace(analysis(face(FACE_RULES.smallFaceSide)))).toMatchObject({ ok: true, hints: [] });
    const soft = face(300, { sharpness: FACE_RULES.blurryFaceBelow - 0.1 });
    expect(checkPhotoFace(analysis(soft))).toMatchObject({ ok: true, hints: ['face-blurry'] });
  });

  it('measures the face at 1024 px whatever size the analysed copy had', () => {
    const half: FaceAnalysis = { width: 512, height: 384, faces: [face(60)] };
    // 60 px of 512 is 120 px at 1024: not small.
    half.faces[0] = { ...face(60), box: { x: 0.3, y: 0.2, width: 60 / 512, height: 72 / 384 } };
    expect(checkPhotoFace(half)).toMatchObject({ ok: true, hints: [] });
  });
});

describe('someone else in the set', () => {
  const photo = (d: number, axis = 0) => ({ face: { descriptor: at(d, axis) } });
  const far = FACE_RULES.someoneElseAbove + 0.1;

  it('needs two faces to compare, and ignores photos with no measured face', () => {
    expect(mayShowSomeoneElse([photo(0)]).size).toBe(0);
    expect(mayShowSomeoneElse([photo(0), { face: null }]).size).toBe(0);
  });

  it('flags the one far from the medoid of three or more', () => {
    const own = [photo(0), photo(0.1), photo(0.2)];
    const other = photo(far, 5);
    const flagged = mayShowSomeoneElse([...own, other]);
    expect([...flagged]).toEqual([other]);
  });

  it('flags both of two faces far apart, neither of two close ones', () => {
    const a = photo(0);
    const b = photo(far);
    expect(mayShowSomeoneElse([a, b])).toEqual(new Set([a, b]));
    expect(mayShowSomeoneElse([a, photo(FACE_RULES.someoneElseAbove - 0.05)]).size).toBe(0);
  });

  it('measures Euclidean distance between descriptors', () => {
    expect(faceDistance(at(0.3, 0), at(0.4, 1))).toBeCloseTo(0.5, 10);
    expect(() => faceDistance([0, 1], [0])).toThrow(RangeError);
  });
});
