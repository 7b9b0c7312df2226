// The edit's mask as the provider reads it (OpenAI images/edits): a PNG of the output's size, black, with
// alpha 0 where the model may paint and 255 where the image is kept (functions/generation/domain/edit-masks.ts).
// And the user's brush, sent by the browser as a PNG, read back as one byte a pixel (255 where to change).
import sharp from 'sharp';
import { checkedInput } from '#platform/images/checked-input.ts';
import type { MaskImage } from '../domain/edit-masks.ts';

/**
 * Compressed lightly: the PNG goes no further than the provider's adapter, which reads it and encodes the mask
 * it sends (functions/generation/ai/openai-image-provider.ts edit); about a third of the default level's time,
 * three times the bytes (some 70 KB for a 1024x1536 outfit).
 */
export async function encodeMaskPng(mask: MaskImage): Promise<Buffer> {
  const { width, height, alpha } = mask;
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) rgba[p * 4 + 3] = alpha[p] as number;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * A brush PNG (white where to change, on black or transparent) as one byte a pixel: its luminance times its
 * alpha. Throws on bytes that are not a PNG, and, before decoding, on one of more pixels than the avatar
 * it is for (`size`) has.
 */
export async function decodeBrushPng(
  png: Uint8Array,
  size: { width: number; height: number },
): Promise<MaskImage> {
  const { options } = checkedInput(
    png,
    { formats: ['png'], maxPixels: size.width * size.height },
    { failOn: 'error' },
  );
  const { data, info } = await sharp(png, options)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const alpha = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const o = p * info.channels;
    const lum = ((data[o] as number) * 2 + (data[o + 1] as number) * 5 + (data[o + 2] as number)) / 8;
    alpha[p] = Math.round((lum * (data[o + info.channels - 1] as number)) / 255);
  }
  return { width: info.width, height: info.height, alpha };
}
