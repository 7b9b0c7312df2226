// Images made on the fly with sharp, so no binary fixtures live in the repo: photos of a real face
// (tests/support/face-fixtures.ts) in a scene of shapes, with optional grain, blur or tone; scenes with no face;
// EXIF orientation and GPS blocks; crafted headers.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { samePersonAgain, selfie } from './face-fixtures.ts';

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** another photo of the same person per seed (mirrored, re-lit, re-cropped) */
  seed?: number;
  /** whose face (tests/support/face-fixtures.ts selfies); default 0: one account's photos show one person */
  person?: number;
  /** false: a scene with no face at all */
  face?: boolean;
  /** 1 = normal exposure; 0.2 = very dark */
  tone?: number;
  /** Gaussian blur sigma, e.g. 6 for an out-of-focus shot */
  blur?: number;
  /** grain (noise sigma): more grain, bigger files */
  grain?: number;
  /** a white page with a little detail: overexposed */
  bright?: boolean;
  format?: 'jpeg' | 'png' | 'webp';
  quality?: number;
  /** EXIF orientation tag (6: the camera was turned; viewers rotate 90° clockwise) */
  orientation?: number;
  /** GPS position written in the EXIF block */
  gps?: { latitude: number; longitude: number };
}

function scene(width: number, height: number, seed: number, tone: number, bright: boolean): Buffer {
  let state = seed * 7919 + 1;
  const rnd = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const colour = () =>
    bright
      ? `rgb(${235 + Math.round(rnd() * 20)},${235 + Math.round(rnd() * 20)},${235 + Math.round(rnd() * 20)})`
      : `rgb(${Math.round(rnd() * 255 * tone)},${Math.round(rnd() * 255 * tone)},${Math.round(rnd() * 255 * tone)})`;
  const shapes: string[] = [];
  for (let i = 0; i < 60; i++) {
    shapes.push(
      i % 2
        ? `<circle cx="${rnd() * width}" cy="${rnd() * height}" r="${(rnd() * width) / 8}" fill="${colour()}"/>`
        : `<rect x="${rnd() * width}" y="${rnd() * height}" width="${(rnd() * width) / 4}" height="${(rnd() * height) / 4}" fill="${colour()}"/>`,
    );
  }
  const background = bright ? 'rgb(245,245,245)' : `rgb(${128 * tone},${140 * tone},${150 * tone})`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${shapes.join('')}</svg>`,
  );
}

const dms = (value: number): string => {
  const v = Math.abs(value);
  const deg = Math.floor(v);
  const min = Math.floor((v - deg) * 60);
  const sec = Math.round(((v - deg) * 60 - min) * 60 * 100);
  return `${deg}/1 ${min}/1 ${sec}/100`;
};

/** A photo-like picture. */
/** The person's photo over the scene, as tall as the frame (at most 80 % of its width). */
async function withFace(background: Buffer, width: number, height: number, o: PhotoOptions): Promise<Buffer> {
  const variant = (o.seed ?? 1) % 4;
  const person = o.person ?? 0;
  const portrait = variant === 0 ? await selfie(person) : await samePersonAgain(person, variant);
  const meta = await sharp(portrait).metadata();
  // Overexposed: a smaller, washed-out face on a white page.
  const share = o.bright ? 0.5 : 1;
  const scale = Math.min(
    (height * share) / (meta.height as number),
    (width * 0.8 * share) / (meta.width as number),
  );
  const w = Math.round((meta.width as number) * scale);
  const h = Math.round((meta.height as number) * scale);
  let face = sharp(portrait).resize(w, h);
  if (o.bright) face = face.linear(0.8, 60);
  return sharp(background)
    .composite([{ input: await face.toBuffer(), left: Math.round((width - w) / 2), top: height - h }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A photo of a real face (or, with `face: false`, a scene with none). */
export async function testPhoto(o: PhotoOptions = {}): Promise<Buffer> {
  const width = o.width ?? 1200;
  const height = o.height ?? 900;
  const background = scene(width, height, o.seed ?? 1, 1, o.bright ?? false);
  let image = o.face === false ? sharp(background) : sharp(await withFace(background, width, height, o));
  if (o.tone !== undefined && o.tone !== 1) image = image.linear(o.tone, 0);
  if (o.blur) image = image.blur(o.blur);
  let pixels = await image.png({ compressionLevel: 0 }).toBuffer();
  if (o.grain) {
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: o.grain },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    pixels = await sharp(pixels)
      .composite([{ input: noise, blend: 'soft-light' }])
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  let out = sharp(pixels);
  if (o.gps) {
    out = out.withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: o.gps.latitude >= 0 ? 'N' : 'S',
        GPSLatitude: dms(o.gps.latitude),
        GPSLongitudeRef: o.gps.longitude >= 0 ? 'E' : 'W',
        GPSLongitude: dms(o.gps.longitude),
      },
    });
  }
  if (o.orientation) out = out.withMetadata({ orientation: o.orientation });
  const format = o.format ?? 'jpeg';
  if (format === 'png') return out.png().toBuffer();
  if (format === 'webp') return out.webp({ quality: o.quality ?? 85 }).toBuffer();
  return out.jpeg({ quality: o.quality ?? 90 }).toBuffer();
}

/**
 * A face stored sideways between a red band (left) and a blue band (right): EXIF orientation 6 says to turn
 * it 90° clockwise, which brings the face upright, the red band to the top and the blue one to the bottom.
 */
export async function sidewaysPhoto(): Promise<Buffer> {
  const band = (colour: string) =>
    sharp({ create: { width: 200, height: 800, channels: 3, background: colour } })
      .png()
      .toBuffer();
  // Turned 90° anticlockwise, the upright face lies as a camera held sideways would store it.
  const face = await sharp(await selfie(0))
    .resize({ height: 800, width: 800, fit: 'cover' })
    .rotate(-90)
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080' } })
    .composite([
      { input: await band('#ff0000'), left: 0, top: 0 },
      { input: face, left: 200, top: 0 },
      { input: await band('#0000ff'), left: 1000, top: 0 },
    ])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A small, valid PNG whose header (with a correct checksum) claims `width` x `height` pixels. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
      .png()
      .toBuffer(),
  );
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4), ..., CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
