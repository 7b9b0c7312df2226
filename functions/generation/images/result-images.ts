// The gallery's pictures of a finished avatar, with sharp (loaded on first use, so routes that never touch
// pixels start without libvips): the thumbnail the worker stores, and the download presets (the squares
// centred on the avatar's face).
import type { Sharp, SharpOptions } from 'sharp';
import {
  FACE_SQUARES,
  faceSquare,
  isFaceSquare,
  type SizedPreset,
  UPSCALED_LONG_SIDE,
} from '#shared/result-presets.ts';
import type { RelativeBox } from '../../photos/public.ts';
import type { ResultImages } from '../domain/ports.ts';

type SharpFactory = (input?: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | null = null;
const loadSharp = (): Promise<SharpFactory> => {
  loading ??= import('sharp').then((m) => m.default as unknown as SharpFactory);
  return loading;
};

/** The gallery card's width (2x a 200 px card). */
const THUMBNAIL_WIDTH = 400;
const QUALITIES = [88, 80, 70, 60];
/** A withheld avatar's preview: shrunk to `tinySide`, brought back to the card's width, blurred. */
const WITHHELD_PREVIEW = { tinySide: 24, width: THUMBNAIL_WIDTH, sigma: 12 } as const;

/** A face-centred square of `side` px: resized first where it shrinks, so a large JPEG decodes at a fraction. */
async function faceSquareOf(
  sharp: SharpFactory,
  image: Uint8Array,
  side: number,
  faceSpan: number,
  box: RelativeBox,
) {
  const { width: W = 0, height: H = 0 } = await sharp(image).metadata();
  const crop = faceSquare(W, H, box, faceSpan);
  const scale = side / crop.side;
  if (scale >= 1) {
    return sharp(image)
      .extract({ left: crop.left, top: crop.top, width: crop.side, height: crop.side })
      .resize({ width: side, height: side, kernel: 'lanczos3' });
  }
  const w = Math.max(side, Math.round(W * scale));
  const h = Math.max(side, Math.round(H * scale));
  return sharp(image)
    .resize({ width: w, height: h, fit: 'fill' })
    .extract({
      left: Math.min(Math.round(crop.left * scale), w - side),
      top: Math.min(Math.round(crop.top * scale), h - side),
      width: side,
      height: side,
    });
}

export class SharpResultImages implements ResultImages {
  async thumbnail(image: Uint8Array): Promise<Uint8Array> {
    const sharp = await loadSharp();
    return sharp(image)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  }

  async blurredPreview(image: Uint8Array): Promise<Uint8Array> {
    const sharp = await loadSharp();
    // Down to a few dozen pixels first: whatever the blur keeps, the avatar's detail is already gone.
    const tiny = await sharp(image)
      .resize({ width: WITHHELD_PREVIEW.tinySide, height: WITHHELD_PREVIEW.tinySide, fit: 'inside' })
      .toBuffer();
    return sharp(tiny)
      .resize({ width: WITHHELD_PREVIEW.width, kernel: 'cubic' })
      .blur(WITHHELD_PREVIEW.sigma)
      .webp({ quality: 60 })
      .toBuffer();
  }

  async preset(image: Uint8Array, preset: SizedPreset, maxBytes: number, faceBox?: RelativeBox | null) {
    const sharp = await loadSharp();
    // sRGB pixels, and no metadata (sharp keeps none unless asked): no EXIF, no ICC profile, no XMP.
    const finish = (pipeline: Sharp) => pipeline.flatten({ background: '#ffffff' }).toColourspace('srgb');
    if (isFaceSquare(preset)) {
      const { side, faceSpan } = FACE_SQUARES[preset];
      // Centred on the face the worker found; without it, sharp's attention strategy finds the face and
      // shoulders of a portrait. One pass straight to JPEG: a square this size is far under maxBytes.
      const square = async () =>
        finish(
          faceBox
            ? await faceSquareOf(sharp, image, side, faceSpan, faceBox)
            : sharp(image).resize({ width: side, height: side, fit: 'cover', position: 'attention' }),
        );
      let out: { data: Buffer; info: { width: number; height: number } } | null = null;
      for (const quality of QUALITIES) {
        out = await (await square())
          .jpeg({ quality, chromaSubsampling: '4:2:0' })
          .toBuffer({ resolveWithObject: true });
        if (out.data.length <= maxBytes) break;
      }
      const made = out as { data: Buffer; info: { width: number; height: number } };
      return {
        bytes: made.data,
        contentType: 'image/jpeg' as const,
        width: made.info.width,
        height: made.info.height,
      };
    }
    // 4K: decoded and upscaled once, then encoded at falling qualities until it fits.
    const raw = await finish(
      sharp(image).resize({
        width: UPSCALED_LONG_SIDE,
        height: UPSCALED_LONG_SIDE,
        fit: 'inside',
        kernel: 'lanczos3',
      }),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
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
