// The header reader every decode of a user's image goes through (functions/platform/domain/image-header.ts), against
// real files: the tests' photos (tests/support/test-images.ts) in each format sharp writes, and PNG bombs made
// with zlib (tests/support/png-bomb.ts), which claim far more pixels than their bytes.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImageHeader, readImageHeader } from '#platform/domain/image-header.ts';
import { pngBomb } from '../support/png-bomb.ts';
import { pngClaiming, testPhoto } from '../support/test-images.ts';

const PHOTO_RULE = { formats: ['jpeg', 'png', 'webp'], maxPixels: 25_000_000 } as const;

describe('readImageHeader', () => {
  it('reads the format and size of real photos in every format sharp writes, as sharp itself does', async () => {
    const photo = await testPhoto({ width: 900, height: 1100 });
    const files: [string, Buffer][] = [
      ['jpeg', photo],
      [
        'jpeg with EXIF and GPS before the frame',
        await testPhoto({ orientation: 6, gps: { latitude: 48.85, longitude: 2.35 } }),
      ],
      ['progressive jpeg', await sharp(photo).jpeg({ progressive: true }).toBuffer()],
      ['png', await testPhoto({ width: 640, height: 700, format: 'png' })],
      ['interlaced png', await sharp(photo).png({ progressive: true }).toBuffer()],
      ['lossy webp (VP8)', await testPhoto({ width: 700, height: 900, format: 'webp' })],
      ['lossless webp (VP8L)', await sharp(photo).resize(333, 517).webp({ lossless: true }).toBuffer()],
      ['webp with alpha (VP8X)', await sharp(photo).resize(301, 402).ensureAlpha(0.5).webp().toBuffer()],
    ];
    for (const [name, bytes] of files) {
      const meta = await sharp(bytes).metadata();
      expect(readImageHeader(bytes), name).toMatchObject({
        format: meta.format,
        width: meta.width,
        height: meta.height,
      });
    }
    const interlaced = readImageHeader(files[4]?.[1] as Buffer);
    expect(interlaced?.png).toMatchObject({ bitDepth: 8, interlaced: true });
  }, 30_000);

  it("reads a PNG bomb's claim from its IHDR: 16383 x 16383, one bit of grey, in about 32 KB", () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(40_000);
    expect(readImageHeader(bomb)).toEqual({
      format: 'png',
      width: 16383,
      height: 16383,
      png: { bitDepth: 1, colourType: 0, interlaced: false },
    });
  });

  it('answers null for what is not a PNG, JPEG or WebP, or whose header is broken or cut off', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"/>');
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const png = await pngClaiming(64, 64);
    const badDepth = Buffer.from(png);
    badDepth[24] = 3; // three bits a sample: no PNG colour type allows it
    const zeroWide = await pngClaiming(0, 64);
    const jpeg = await testPhoto({ width: 600, height: 600 });
    for (const [name, bytes] of [
      ['gif', gif],
      ['svg', svg],
      ['tiff', tiff],
      ['a PNG of an impossible bit depth', badDepth],
      ['a PNG zero pixels wide', zeroWide],
      ['a PNG cut inside its IHDR', png.subarray(0, 20)],
      ['a JPEG cut before its frame header', jpeg.subarray(0, 4)],
      ['nothing', Buffer.alloc(0)],
    ] as const)
      expect(readImageHeader(bytes), name).toBeNull();
  });
});

describe('checkImageHeader', () => {
  it('refuses a PNG bomb by its pixel count, and a format the path does not take, before any decode', async () => {
    expect(checkImageHeader(pngBomb(), PHOTO_RULE)).toEqual({ ok: false, reason: 'too-many-pixels' });
    expect(checkImageHeader(pngBomb(5001, 5000), PHOTO_RULE)).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
    expect(checkImageHeader(pngBomb(5000, 5000), PHOTO_RULE)).toMatchObject({ ok: true });
    const jpeg = await testPhoto({ width: 600, height: 600 });
    expect(checkImageHeader(jpeg, { formats: ['png'], maxPixels: 1_000_000 })).toEqual({
      ok: false,
      reason: 'not-an-image',
    });
    expect(checkImageHeader(jpeg, PHOTO_RULE)).toEqual({
      ok: true,
      header: { format: 'jpeg', width: 600, height: 600 },
    });
  });
});
