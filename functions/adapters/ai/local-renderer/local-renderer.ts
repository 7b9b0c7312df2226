// The embedded renderer: what generates avatars when no AI provider key is configured. It draws the
// style's recipe around the first reference photo at the style's exact size, in well under a second, and
// marks the result 'preview-render' so the gallery never passes it off as AI output.
import sharp from 'sharp';
import {
  type AvatarRequest,
  dimensionsOf,
  type GeneratedAvatar,
  type ImageProvider,
} from '../../../domain/generation/image-provider.ts';
import { ProviderPermanentError } from '../../../domain/generation/provider-errors.ts';
import { compose } from './compose.ts';
import { placePhoto } from './crop.ts';
import { type Box, backdropLayer, frameLayer, textureLayer, windowBox, windowMask } from './layers.ts';
import { finish, stylise } from './photo.ts';

export const LOCAL_RENDERER_MODEL = 'local-renderer';

/** A cut-out person faded into an oval window (painterly vignettes): the two alphas multiplied. */
function fadeIntoWindow(cutout: Buffer, at: Box, window: Buffer, box: Box): Buffer {
  const out = Buffer.alloc(cutout.length);
  for (let y = 0; y < at.height; y++) {
    const wy = y + at.top - box.top;
    for (let x = 0; x < at.width; x++) {
      const wx = x + at.left - box.left;
      const inside = wy >= 0 && wy < box.height && wx >= 0 && wx < box.width;
      const p = y * at.width + x;
      out[p] = inside ? ((cutout[p] as number) * (window[wy * box.width + wx] as number)) / 255 : 0;
    }
  }
  return out;
}

export class LocalRenderer implements ImageProvider {
  readonly name = 'local-renderer';

  async generate(request: AvatarRequest): Promise<GeneratedAvatar> {
    const reference = request.references[0];
    if (!reference) throw new ProviderPermanentError('No reference photo to render from');
    const { width, height } = dimensionsOf(request.size);
    const { recipe } = request;
    const { box } = windowBox(recipe.subject, width, height);
    const [backdrop, mask, texture, frame, placed] = await Promise.all([
      backdropLayer(recipe.backdrop, width, height),
      windowMask(recipe.subject, width, height),
      textureLayer(recipe.texture, width, height),
      frameLayer(recipe.frame, width, height),
      placePhoto(reference, recipe.subject, { width, height }, box).catch((e: unknown) => {
        throw new ProviderPermanentError('The reference photo could not be read', { cause: e });
      }),
    ]);
    const styled = await stylise(placed.photo, recipe.effect);
    const alpha = placed.cutout
      ? recipe.subject.shape === 'oval'
        ? fadeIntoWindow(placed.cutout, placed.at, mask.data, box)
        : placed.cutout
      : mask.data;
    const subject = finish(styled, recipe.grade, alpha);
    const pixels = compose(backdrop, subject, placed.at, texture, frame);
    const image = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    return {
      image,
      contentType: 'image/jpeg',
      width,
      height,
      kind: 'preview-render',
      model: LOCAL_RENDERER_MODEL,
      usage: null,
      attempts: 1,
    };
  }
}
