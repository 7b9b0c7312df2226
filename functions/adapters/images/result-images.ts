// The gallery's pictures of a finished avatar, with sharp (loaded on first use, so routes that never touch
// pixels start without libvips): the thumbnail the worker stores, and the download presets.
import type { Sharp, SharpOptions } from 'sharp';
import type { ResultImages } from '../../domain/generation/result-ports.ts';

type SharpFactory = (input?: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | null = null;
const loadSharp = (): Promise<SharpFactory> => {
  loading ??= import('sharp').then((m) => m.default as unknown as SharpFactory);
  return loading;
};

/** The gallery card's width (2x a 200 px card). */
const THUMBNAIL_WIDTH = 400;
/** The professional network's profile picture. */
const LINKEDIN_SIDE = 400;
/** "4K": the long side, upscaled from the provider's 1024 x 1536 at most. */
const UPSCALED_LONG_SIDE = 4096;
const QUALITIES = [88, 80, 70, 60];

export class SharpResultImages implements ResultImages {
  async thumbnail(image: Uint8Array): Promise<Uint8Array> {
    const sharp = await loadSharp();
    return sharp(image)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  }

  async preset(image: Uint8Array, preset: 'linkedin' | '4k', maxBytes: number) {
    const sharp = await loadSharp();
    // Centred on the subject: sharp's attention strategy finds the face and shoulders of a portrait.
    const resized =
      preset === 'linkedin'
        ? sharp(image).resize({
            width: LINKEDIN_SIDE,
            height: LINKEDIN_SIDE,
            fit: 'cover',
            position: 'attention',
          })
        : sharp(image).resize({
            width: UPSCALED_LONG_SIDE,
            height: UPSCALED_LONG_SIDE,
            fit: 'inside',
            kernel: 'lanczos3',
          });
    const raw = await resized.flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = raw.info;
    let bytes: Buffer | null = null;
    for (const quality of QUALITIES) {
      bytes = await sharp(raw.data, { raw: { width, height, channels } })
        .jpeg({ quality, chromaSubsampling: '4:2:0' })
        .toBuffer();
      if (bytes.length <= maxBytes) break;
    }
    return { bytes: bytes as Buffer, contentType: 'image/jpeg' as const, width, height };
  }
}
