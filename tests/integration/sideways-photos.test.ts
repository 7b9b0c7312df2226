// Sideways and upside-down photos through the whole stack (docs/faces.md, "Sideways photos"): a real fixture
// selfie turned 90, 270 and 180 degrees without orientation data, sent beside its upright original, is
// analysed with the real face model, stored upright (image and thumbnail read back from the bucket), marked
// turned-upright, not taken for someone else, and scored like the original; a head tilted 15 degrees is left
// as it is. The choice itself is tested against the fakes in tests/domain/photo-orientation.test.ts.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PhotoFile } from '#shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import { selfie } from '../support/face-fixtures.ts';
import { consentedUser, download, uploadMultipart } from '../support/photos.ts';

/** A fixture person the detector finds clearly, upright and turned (docs/faces.md, "Sideways photos"). */
const PERSON = 2;

/** The image as 24 x 24 grey levels: enough to tell which way up it is. */
async function small(bytes: Uint8Array, turn = 0): Promise<Buffer> {
  return sharp(bytes).rotate(turn).resize(24, 24, { fit: 'fill' }).greyscale().raw().toBuffer();
}
const meanDifference = (a: Buffer, b: Buffer) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] as number)), 0) / a.length;

/**
 * Which way up `image` is against `upright`: the quarter turn of the upright one it looks most like (0: the
 * same way up), with the differences.
 */
async function wayUp(
  image: Uint8Array,
  upright: Uint8Array,
): Promise<{ turn: number; differences: number[] }> {
  const mine = await small(image);
  const differences = await Promise.all(
    [0, 90, 180, 270].map(async (turn) => meanDifference(mine, await small(upright, turn))),
  );
  return { turn: differences.indexOf(Math.min(...differences)) * 90, differences };
}

describe('a photo that came sideways or upside down', () => {
  it('is stored upright, marked turned-upright, the same person as the upright one and scored like it; a 15-degree tilt is left', async () => {
    const { token } = await consentedUser();
    const original = await selfie(PERSON);
    const turned = (angle: number) =>
      sharp(original).rotate(angle, { background: '#808080' }).jpeg({ quality: 90 }).toBuffer();
    const res = await uploadMultipart(token, [
      { name: 'upright.jpg', bytes: original },
      { name: 'sideways-90.jpg', bytes: await turned(90) },
      { name: 'sideways-270.jpg', bytes: await turned(270) },
      { name: 'upside-down.jpg', bytes: await turned(180) },
      { name: 'tilted-15.jpg', bytes: await turned(15) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.rejections).toEqual([]);

    const list = await callRoute('listPhotos', { token });
    const byName = Object.fromEntries(list.body.files.map((f: PhotoFile) => [f.original_name, f]));
    const upright = byName['upright.jpg'] as PhotoFile;
    const { width, height } = await sharp(original).metadata();
    expect([upright.width, upright.height]).toEqual([width, height]);
    expect(upright.hints).not.toContain('turned-upright');
    const uprightImage = (await download(upright.url)).bytes;
    const uprightThumb = (await download(upright.thumbnail_url)).bytes;

    for (const name of ['sideways-90.jpg', 'sideways-270.jpg', 'upside-down.jpg']) {
      const photo = byName[name] as PhotoFile;
      expect.soft(photo.hints, name).toContain('turned-upright');
      expect.soft(photo.hints, name).not.toContain('someone-else');
      // The upright photo's size, and its pixels the same way up, image and thumbnail alike.
      expect([photo.width, photo.height], name).toEqual([width, height]);
      const image = (await download(photo.url)).bytes;
      expect(await sharp(image).metadata(), name).toMatchObject({ width, height });
      expect((await wayUp(image, uprightImage)).turn, name).toBe(0);
      expect((await wayUp((await download(photo.thumbnail_url)).bytes, uprightThumb)).turn, name).toBe(0);
      // Scored on the turned analysis: within 10 points of the upright original.
      expect(Math.abs(photo.quality.score - upright.quality.score), name).toBeLessThanOrEqual(10);
    }

    // A head tilted 15 degrees: left as it came (its canvas grew to hold the turned frame).
    const tilted = byName['tilted-15.jpg'] as PhotoFile;
    expect(tilted.hints).not.toContain('turned-upright');
    expect(tilted.hints).not.toContain('someone-else');
    const tiltedMeta = await sharp(await turned(15)).metadata();
    expect([tilted.width, tilted.height]).toEqual([tiltedMeta.width, tiltedMeta.height]);
  });

  it('beside the upright one alone, neither is taken for someone else', async () => {
    // Two photos: read as it came, the sideways face is 0.71 from the upright one, and both were flagged.
    const { token } = await consentedUser();
    const original = await selfie(PERSON);
    const res = await uploadMultipart(token, [
      { name: 'upright.jpg', bytes: original },
      { name: 'sideways.jpg', bytes: await sharp(original).rotate(90).jpeg({ quality: 90 }).toBuffer() },
    ]);
    expect(res.body.rejections).toEqual([]);
    const files = (await callRoute('listPhotos', { token })).body.files as PhotoFile[];
    expect(Object.fromEntries(files.map((f) => [f.original_name, f.hints.includes('someone-else')]))).toEqual(
      {
        'upright.jpg': false,
        'sideways.jpg': false,
      },
    );
  });
});
