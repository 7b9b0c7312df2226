// The face-centred squares (shared/result-presets.ts): placed from the face's box, not the picture's
// centre, kept inside the picture, and the preset files named for what they are.
import { describe, expect, it } from 'vitest';
import { FACE_SQUARES, faceSquare, presetDownloadName } from '#shared/result-presets.ts';

const centreOf = (c: { left: number; top: number; side: number }) => ({
  x: c.left + c.side / 2,
  y: c.top + c.side / 2,
});

describe('a face-centred square', () => {
  it('is placed from the face, not the middle of the picture', () => {
    // A portrait with the face high and to the left.
    const box = { x: 0.2, y: 0.12, width: 0.25, height: 0.17 };
    const crop = faceSquare(1024, 1536, box, FACE_SQUARES.profile.faceSpan);
    const face = { x: (box.x + box.width / 2) * 1024, y: (box.y + box.height / 2) * 1536 };
    expect(crop.side).toBe(Math.round(0.17 * 1536 * FACE_SQUARES.profile.faceSpan));
    expect(Math.abs(face.x - centreOf(crop).x)).toBeLessThan(crop.side * 0.01);
    // the face a little above the middle, well inside the centre third
    expect((face.y - crop.top) / crop.side).toBeCloseTo(0.45, 2);
    expect(centreOf(crop).y).toBeLessThan(1536 / 2 - 200);
  });

  it('stays inside the picture, and the ID badge frames the face larger', () => {
    const nearEdge = { x: 0.02, y: 0.01, width: 0.2, height: 0.15 };
    const crop = faceSquare(1024, 1024, nearEdge, FACE_SQUARES.profile.faceSpan);
    expect(crop.left).toBe(0);
    expect(crop.top).toBe(0);
    const whole = faceSquare(1024, 1536, { x: 0.1, y: 0.1, width: 0.8, height: 0.6 }, 2.6);
    expect(whole).toEqual({ left: 0, top: expect.any(Number), side: 1024 });
    expect(whole.top + whole.side).toBeLessThanOrEqual(1536);
    const box = { x: 0.4, y: 0.3, width: 0.2, height: 0.15 };
    expect(faceSquare(1024, 1536, box, FACE_SQUARES['id-badge'].faceSpan).side).toBeLessThan(
      faceSquare(1024, 1536, box, FACE_SQUARES.profile.faceSpan).side,
    );
  });

  it('names each preset file avatar-<style>-<preset>.jpg', () => {
    expect(presetDownloadName('studio-headshot', 'linkedin')).toBe('avatar-studio-headshot-linkedin.jpg');
    expect(presetDownloadName('studio-headshot', 'profile')).toBe('avatar-studio-headshot-profile-1080.jpg');
    expect(presetDownloadName('knight', 'id-badge')).toBe('avatar-knight-id-badge.jpg');
    expect(presetDownloadName('knight', '4k')).toBe('avatar-knight-4k.jpg');
  });
});
