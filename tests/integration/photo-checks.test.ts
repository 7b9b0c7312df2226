// What the server checks in every photo, whichever way it came in, and what it removes from it.
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../support/api.ts';
import { blurryFacePhoto } from '../support/face-fixtures.ts';
import { consentedUser, download, uploadDirect, uploadMultipart } from '../support/photos.ts';
import { pngClaiming, sidewaysPhoto, testPhoto } from '../support/test-images.ts';

/** The chunk names of a RIFF (WebP) file. */
function riffChunks(bytes: Buffer): string[] {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  const names: string[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    names.push(bytes.toString('latin1', at, at + 4));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return names;
}

async function rejectionOf(name: string, bytes: Buffer, type = 'image/jpeg') {
  const { token } = await consentedUser();
  const { confirmed } = await uploadDirect(token, [{ name, bytes, type }]);
  const body = confirmed[0]?.body;
  expect(body).toMatchObject({ success: false, files: [], rejected: [name], rejectedCount: 1 });
  expect((await callRoute('listPhotos', { token })).body.files).toEqual([]);
  return body?.rejections[0];
}

describe('files that are not acceptable photos', () => {
  it('a text file renamed .jpg is not a valid image', async () => {
    expect(await rejectionOf('holiday.jpg', Buffer.from('Dear diary, today I went to the beach.'))).toEqual({
      name: 'holiday.jpg',
      reason: 'not-an-image',
      message: '"holiday.jpg" is not a valid image.',
    });
  });

  it('a truncated JPEG fails its full decode', async () => {
    const photo = await testPhoto({ grain: 20 });
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
    expect((await rejectionOf('cut.jpg', truncated))?.reason).toBe('not-an-image');
  });

  it('a PNG whose header claims 40000 x 40000 pixels is refused before it is decoded', async () => {
    const started = Date.now();
    expect(await rejectionOf('bomb.png', await pngClaiming(40_000, 40_000), 'image/png')).toEqual({
      name: 'bomb.png',
      reason: 'too-many-pixels',
      message: '"bomb.png" is too large: images can have at most 40 megapixels.',
    });
    // 1.6 gigapixels would take seconds and gigabytes to decode.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a photo under 512 px on its short side is too small', async () => {
    expect(await rejectionOf('tiny.jpg', await testPhoto({ width: 800, height: 500 }))).toEqual({
      name: 'tiny.jpg',
      reason: 'too-small',
      message: '"tiny.jpg" is too small: photos need at least 512 px on their short side.',
    });
  });
});

describe('what is kept of a photo', () => {
  it('no EXIF block survives, GPS included, in the stored image or its thumbnail', async () => {
    const { token } = await consentedUser();
    const tagged = await testPhoto({ gps: { latitude: 48.8584, longitude: 2.2945 } });
    // The upload really carries a position.
    expect(await exifr.gps(tagged)).toMatchObject({ latitude: expect.closeTo(48.8584, 3) });
    await uploadDirect(token, [{ name: 'eiffel.jpg', bytes: tagged }]);
    const [photo] = (await callRoute('listPhotos', { token })).body.files;
    const image = (await download(photo?.url as string)).bytes;
    expect(await exifr.parse(image, true)).toBeUndefined();
    expect(await exifr.gps(image)).toBeUndefined();
    const thumbnail = (await download(photo?.thumbnail_url as string)).bytes;
    // exifr reads no WebP: the container's chunks say whether EXIF, XMP or a colour profile came along.
    expect(riffChunks(thumbnail).filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
    for (const bytes of [image, thumbnail]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it('a sideways JPEG (EXIF orientation 6) is stored upright', async () => {
    const { token } = await consentedUser();
    await uploadMultipart(token, [{ name: 'sideways.jpg', bytes: await sidewaysPhoto() }]);
    const [photo] = (await callRoute('listPhotos', { token })).body.files;
    expect(photo).toMatchObject({ width: 800, height: 1200 });
    const { data, info } = await sharp((await download(photo?.url as string)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([800, 1200]);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    // The left half of the stored picture was red: turned clockwise, it is the top half.
    const [r1, , b1] = pixel(400, 100);
    const [r2, , b2] = pixel(400, 1100);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(50);
    expect(r2).toBeLessThan(50);
    expect(b2).toBeGreaterThan(200);
  });
});

describe('quality hints', () => {
  it('warn about small photos and a blurry face, a dark face by its score, and keep them', async () => {
    const { token } = await consentedUser();
    const res = await uploadMultipart(token, [
      { name: 'good.jpg', bytes: await testPhoto({ width: 1600, height: 1200, seed: 11 }) },
      { name: 'small.jpg', bytes: await testPhoto({ width: 800, height: 600, seed: 12 }) },
      { name: 'blurry.jpg', bytes: await blurryFacePhoto(0) },
      { name: 'dark.jpg', bytes: await testPhoto({ width: 1600, height: 1200, seed: 14, tone: 0.3 }) },
      { name: 'bright.jpg', bytes: await testPhoto({ width: 1600, height: 1200, seed: 15, bright: true }) },
    ]);
    expect(res.body.rejectedCount).toBe(0);
    const files = (await callRoute('listPhotos', { token })).body.files;
    const hints = Object.fromEntries(files.map((f) => [f.original_name, f.hints]));
    expect(hints['good.jpg']).toEqual([]);
    expect(hints['small.jpg']).toEqual(['small']);
    // The face's own sharpness stands in for the whole frame's.
    expect(hints['blurry.jpg']).toContain('face-blurry');
    expect(hints['blurry.jpg']).not.toContain('blurry');
    // Their faces' light was measured: the score speaks for the face, and the whole frame's 'dark' or
    // 'bright' is not shown beside it (docs/faces.md, "Quality score").
    const quality = Object.fromEntries(files.map((f) => [f.original_name, f.quality]));
    expect(hints['dark.jpg']).toEqual([]);
    expect(quality['dark.jpg']?.reasons).toContain('face-dark');
    expect(hints['bright.jpg']).toEqual([]);
  });
});
