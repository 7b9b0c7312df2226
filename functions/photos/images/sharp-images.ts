// Decoding and re-encoding photos with sharp (libvips). Loaded on first use, so routes that never touch
// pixels (the list, deletes) start without loading libvips. Only the photos function bundles it.
import type { Sharp, SharpOptions } from 'sharp';
import { checkedInput, ImageRefused, isPixelLimit } from '#platform/images/checked-input.ts';
import type { Turn } from '../domain/orientation.ts';
import type { PhotoImages, PrepareLimits, PrepareResult } from '../domain/ports.ts';

type SharpFactory = (input?: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | null = null;
const loadSharp = (): Promise<SharpFactory> => {
  loading ??= import('sharp').then((m) => m.default as unknown as SharpFactory);
  return loading;
};

/** The Laplacian: a high value where brightness changes sharply (edges), near zero on smooth areas. */
const LAPLACIAN = { width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 1, offset: 128 };

/** What a photo (and a style's picture) may be. */
const PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** WebP qualities tried in turn until the thumbnail fits its byte budget. */
const THUMBNAIL_QUALITIES = [72, 60, 48, 36, 24];

// Huffman optimisation would cost a second pass for a few per cent of bytes.
const STORED_JPEG = { quality: 86, chromaSubsampling: '4:2:0', optimiseCoding: false } as const;

/** The grey-level variance sharpness is scaled to (a standard deviation of 48: a typical photo). */
const REFERENCE_CONTRAST_VARIANCE = 48 * 48;
/** Below this, a photo is nearly uniform: its edges are not scaled up any further. */
const MIN_CONTRAST_VARIANCE = 12 * 12;

function meanAndVariance(values: Uint8Array): { mean: number; variance: number } {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    sum += v;
    squares += v * v;
  }
  const mean = sum / values.length;
  return { mean, variance: squares / values.length - mean * mean };
}

type RawImage = { data: Buffer; info: { width: number; height: number; channels: number } };

/** Raw pixels turned clockwise by a quarter, a half or three quarters. */
async function turned(sharp: SharpFactory, image: RawImage, turn: Turn): Promise<RawImage> {
  const { width, height, channels } = image.info;
  return sharp(image.data, { raw: { width, height, channels: channels as 3 } })
    .rotate(turn)
    .raw()
    .toBuffer({ resolveWithObject: true });
}

export class SharpImages implements PhotoImages {
  async prepare(
    bytes: Uint8Array,
    limits: PrepareLimits,
    options: { turn?: Turn } = {},
  ): Promise<PrepareResult> {
    // The header only, before libvips sees a byte: a PNG can claim 40000 x 40000 pixels in a few bytes.
    // 'truncated' (checkedInput's default): a cut-off file fails the decode; the harmless warnings some
    // cameras cause do not.
    let input: SharpOptions;
    try {
      const checked = checkedInput(bytes, { formats: PHOTO_FORMATS, maxPixels: limits.maxPixels });
      input = checked.options;
      // An EXIF turn swaps width and height, which leaves the short side as it is.
      if (Math.min(checked.header.width, checked.header.height) < limits.minShortSide)
        return { ok: false, reason: 'too-small' };
    } catch (e) {
      if (e instanceof ImageRefused) return { ok: false, reason: e.reason };
      throw e;
    }
    const sharp = await loadSharp();

    // One full decode: upright by its EXIF orientation, transparency on white, sRGB, at most the stored size.
    let pixels: RawImage;
    try {
      pixels = await sharp(bytes, input)
        .autoOrient()
        .resize({
          width: limits.storedLongSide,
          height: limits.storedLongSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (e) {
      return { ok: false, reason: isPixelLimit(e) ? 'too-many-pixels' : 'not-an-image' };
    }
    // A photo the face check found lying on its side (functions/photos/domain/orientation.ts): turned after
    // the decode, so everything below (stored image, thumbnail, measures) is of the photo set upright.
    if (options.turn) pixels = await turned(sharp, pixels, options.turn);
    const { width, height, channels } = pixels.info;
    const raw = { raw: { width, height, channels: channels as 3 } };
    const fromPixels = () => sharp(pixels.data, raw);

    // Nothing is carried over from the upload: sharp writes no EXIF, XMP, IPTC or ICC block unless asked.
    const [image, thumbnail, measured] = await Promise.all([
      fromPixels().jpeg(STORED_JPEG).toBuffer(),
      this.thumbnail(fromPixels, limits),
      fromPixels()
        .resize({ width: limits.measureLongSide, height: limits.measureLongSide, fit: 'inside' })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ]);
    // The measured copy serves the face check too (upright, long side <= measureLongSide, RGB).
    const grey = await sharp(measured.data, {
      raw: { width: measured.info.width, height: measured.info.height, channels: 3 },
    })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The Laplacian rendered by sharp, its variance and the grey level's measured here (a pass over a
    // megapixel). Sharpness is scaled to a common contrast, so a dark or flat photo is not called blurry
    // for its exposure alone.
    const laplacian = await sharp(grey.data, {
      raw: { width: grey.info.width, height: grey.info.height, channels: 1 },
    })
      .convolve(LAPLACIAN)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    const luma = meanAndVariance(grey.data);
    const edges = meanAndVariance(laplacian);
    const contrast = Math.max(luma.variance, MIN_CONTRAST_VARIANCE);
    return {
      ok: true,
      photo: {
        image,
        contentType: 'image/jpeg',
        thumbnail,
        pixels: { rgb: measured.data, width: measured.info.width, height: measured.info.height },
        measures: {
          width,
          height,
          meanLuma: luma.mean,
          sharpness: (edges.variance * REFERENCE_CONTRAST_VARIANCE) / contrast,
        },
      },
    };
  }

  /** A centred square, as small as its byte budget needs. */
  private async thumbnail(fromPixels: () => Sharp, limits: PrepareLimits): Promise<Buffer> {
    const square = await fromPixels()
      .resize({
        width: limits.thumbnailSide,
        height: limits.thumbnailSide,
        fit: 'cover',
        position: 'centre',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: square.info.width, height: square.info.height, channels: square.info.channels as 3 },
    };
    const sharp = await loadSharp();
    let smallest: Buffer | null = null;
    for (const quality of THUMBNAIL_QUALITIES) {
      const webp = await sharp(square.data, raw).webp({ quality, effort: 4 }).toBuffer();
      if (webp.length <= limits.thumbnailMaxBytes) return webp;
      smallest = webp;
    }
    // Noise-like images can beat every quality; a smaller square always fits.
    const side = Math.floor(limits.thumbnailSide / 2);
    const fallback = await sharp(square.data, raw).resize(side, side).webp({ quality: 40 }).toBuffer();
    return fallback.length < (smallest?.length ?? Infinity) ? fallback : (smallest as Buffer);
  }
}
