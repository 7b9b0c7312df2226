// The quality score through the whole stack (docs/faces.md, "Quality score"): two real fixture photos, a
// selfie and its blurred copy, in one upload through the real face model; the upload's answer and GET /photos
// carry each photo's score and reasons and the set's, the copy scored lower, and nothing biometric (no
// descriptor, no landmark, not the stored measures) in either answer. The rules: tests/domain/quality-score.test.ts.
import { describe, expect, it } from 'vitest';
import type { PhotoFile } from '#shared/api-schemas.ts';
import { QUALITY_REASONS, SET_QUALITY_REASONS } from '#shared/photo-rules.ts';
import { callRoute } from '../support/api.ts';
import { selfie } from '../support/face-fixtures.ts';
import { consentedUser, uploadMultipart } from '../support/photos.ts';
import { blurredCopy } from '../support/quality-copies.ts';

const BIOMETRIC = /descriptor|landmark|measures|faceLuma|eyeOpening|yaw/i;

describe('quality scores on GET /photos', () => {
  it('answers each photo’s score and the set’s, the blurred copy lower, nothing biometric', async () => {
    const { token } = await consentedUser();
    const original = await selfie(0);
    const upload = await uploadMultipart(token, [
      { name: 'sharp.jpg', bytes: original },
      { name: 'soft.jpg', bytes: await blurredCopy(original) },
    ]);
    expect(upload.status).toBe(200);
    expect(upload.body.files).toHaveLength(2);
    // The upload's answer: the kept photos with their scores (the phone cannot list them).
    expect(upload.body.photos).toEqual(
      upload.body.files.map((filename: string) => ({
        filename,
        quality: { score: expect.any(Number), reasons: expect.any(Array) },
        hints: expect.any(Array),
      })),
    );
    expect(JSON.stringify(upload.body)).not.toMatch(BIOMETRIC);

    const list = await callRoute('listPhotos', { token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(BIOMETRIC);
    const byName = Object.fromEntries(list.body.files.map((f: PhotoFile) => [f.original_name, f]));
    const sharp = byName['sharp.jpg'] as PhotoFile;
    const soft = byName['soft.jpg'] as PhotoFile;
    for (const photo of [sharp, soft]) {
      expect(Number.isInteger(photo.quality.score)).toBe(true);
      expect(photo.quality.score).toBeGreaterThanOrEqual(0);
      expect(photo.quality.score).toBeLessThanOrEqual(100);
      for (const r of photo.quality.reasons) expect(QUALITY_REASONS).toContain(r);
    }
    expect(sharp.quality.score).toBeGreaterThanOrEqual(80);
    expect(soft.quality.score).toBeLessThan(sharp.quality.score);
    expect(soft.quality.reasons).toContain('face-blurry');
    // The same scores as the upload answered: computed from what was stored, no second model run.
    for (const p of upload.body.photos as { filename: string; quality: unknown }[]) {
      const listed = list.body.files.find((f: PhotoFile) => f.filename === p.filename) as PhotoFile;
      expect(listed.quality).toEqual(p.quality);
    }
    const set = list.body.set_quality;
    expect(set.score).toBeGreaterThan(0);
    expect(set.score).toBeLessThanOrEqual(100);
    for (const r of set.reasons) expect(SET_QUALITY_REASONS).toContain(r);
    // One soft photo of two costs the set most; then it needs more photos.
    expect(set.reasons.slice(0, 2)).toEqual(['better-photos', 'more-photos']);
    expect(set.reasons).not.toContain('someone-else');
  }, 120_000);
});
