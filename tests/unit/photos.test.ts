// The pure parts of the photo rules: names made by the server, what bytes really are, quality hints, the product's
// name truncation, and reading multipart bodies.
import { describe, expect, it } from 'vitest';
import { parseMultipart } from '#platform/http/multipart.ts';
import { truncateFilename } from '#shared/photo-rules.ts';
import { sniffPhotoType } from '../../functions/photos/domain/image-bytes.ts';
import {
  displayName,
  isUploadId,
  newUploadId,
  photoFilename,
  slugOf,
  uploadIdOf,
} from '../../functions/photos/domain/photo-names.ts';
import { HINT_THRESHOLDS, qualityHints } from '../../functions/photos/domain/quality.ts';

const SUFFIX = '0123456789abcdef';

describe('photo names', () => {
  it('are the device name as a short slug plus a random suffix, whatever the device name was', () => {
    expect(newUploadId('IMG_2041 (1).HEIC.jpg', SUFFIX)).toBe(`img-2041-1-heic_${SUFFIX}`);
    expect(slugOf('Été à Paris — 2024.jpg')).toBe('ete-a-paris-2024');
    expect(slugOf('../../etc/passwd.jpg')).toBe('etc-passwd');
    expect(slugOf('..\\..\\boot.ini')).toBe('boot');
    expect(slugOf('写真.png')).toBe('photo');
    expect(slugOf(`${'a'.repeat(100)}.jpg`)).toHaveLength(40);
    expect(() => newUploadId('x.jpg', 'not-hex')).toThrow();
    expect(photoFilename(`me_${SUFFIX}`)).toBe(`me_${SUFFIX}.jpg`);
  });

  it('are recognised only in their own shape: traversals, encodings and other names are not ours', () => {
    expect(uploadIdOf(`me_${SUFFIX}.jpg`)).toBe(`me_${SUFFIX}`);
    for (const name of [
      `../me_${SUFFIX}.jpg`,
      `me_${SUFFIX}.jpg/..`,
      `ME_${SUFFIX}.jpg`,
      `me_${SUFFIX}.png`,
      `me_${SUFFIX}.jpg%00`,
      '%2e%2e%2fme.jpg',
      'me.jpg',
      `a/b_${SUFFIX}.jpg`,
      `me_${SUFFIX}`,
    ]) {
      expect(uploadIdOf(name), name).toBeNull();
    }
    expect(isUploadId(`me_${SUFFIX}`)).toBe(true);
    expect(isUploadId(`../me_${SUFFIX}`)).toBe(false);
    expect(isUploadId(`me_${SUFFIX}/x`)).toBe(false);
  });

  it('keep the device name for display without control characters, at most 100 characters', () => {
    expect(displayName('  holiday\u0000\u202e.jpg ')).toBe('holiday.jpg');
    expect([...displayName(`${'é'.repeat(150)}.jpg`)]).toHaveLength(100);
    expect(displayName('\u0007')).toBe('photo');
  });
});

describe('what a file really is', () => {
  it('is read from its magic bytes, not its name or declared type', () => {
    expect(sniffPhotoType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffPhotoType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffPhotoType(Buffer.from('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffPhotoType(Buffer.from('RIFF\u0010\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffPhotoType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffPhotoType(Buffer.from('Dear diary'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });
});

describe('quality hints', () => {
  const good = { width: 1536, height: 2048, meanLuma: 120, sharpness: 150 };
  it('warn about small, blurry, dark and bright photos, at their thresholds', () => {
    expect(qualityHints(good)).toEqual([]);
    expect(qualityHints({ ...good, width: HINT_THRESHOLDS.smallShortSide - 1 })).toEqual(['small']);
    expect(qualityHints({ ...good, sharpness: HINT_THRESHOLDS.blurryBelow - 0.1 })).toEqual(['blurry']);
    expect(qualityHints({ ...good, meanLuma: HINT_THRESHOLDS.darkBelow - 1 })).toEqual(['dark']);
    expect(qualityHints({ ...good, meanLuma: HINT_THRESHOLDS.brightAbove + 1 })).toEqual(['bright']);
    expect(qualityHints({ width: 600, height: 800, meanLuma: 20, sharpness: 1 })).toEqual([
      'small',
      'blurry',
      'dark',
    ]);
  });
});

describe('file names on the photo cards', () => {
  it('over 25 characters show the first 22 and an ellipsis', () => {
    expect(truncateFilename('a'.repeat(25))).toBe('a'.repeat(25));
    expect(truncateFilename('IMG_20240612_181233_portrait.jpg')).toBe('IMG_20240612_181233_po...');
    expect(truncateFilename(`${'é'.repeat(30)}`)).toBe(`${'é'.repeat(22)}...`);
  });
});

describe('multipart bodies', () => {
  const body = (parts: string[], boundary = 'XyZ') =>
    Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');

  it('give each part its field, file name, type and exact bytes', () => {
    const bytes = '\u00ff\u00d8\u00ff\r\n--Xy almost a boundary\u0000\u00d9';
    const parts = parseMultipart(
      body([
        'Content-Disposition: form-data; name="photos"; filename="a b.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' +
          bytes,
        'Content-Disposition: form-data; name="note"\r\n\r\nhello',
        'Content-Disposition: form-data; name="photos"; filename="x.jpg"; filename*=UTF-8\'\'%C3%A9t%C3%A9.jpg\r\n\r\nZ',
      ]),
      'multipart/form-data; boundary=XyZ',
    );
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['photos', 'a b.jpg', 'image/jpeg'],
      ['note', null, null],
      ['photos', 'été.jpg', null],
    ]);
    expect(parts[0]?.data.equals(Buffer.from(bytes, 'latin1'))).toBe(true);
    expect(parts[1]?.data.toString()).toBe('hello');
  });

  it('refuse bodies without a boundary or cut short', () => {
    expect(() => parseMultipart(Buffer.from('{}'), 'application/json')).toThrow(/multipart\/form-data/);
    expect(() =>
      parseMultipart(
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="photos"\r\n\r\nabc'),
        'multipart/form-data; boundary=XyZ',
      ),
    ).toThrow(/could not be read/);
  });
});
