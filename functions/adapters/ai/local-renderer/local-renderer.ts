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
import { cropToSubject } from './crop.ts';
import { backdropLayer, frameLayer, textureLayer, windowBox, windowMask } from './layers.ts';
import { finish, stylise } from './photo.ts';
import { plainBackdropKey } from './plain-backdrop.ts';

export const LOCAL_RENDERER_MODEL = 'local-renderer';

export class LocalRenderer implements ImageProvider {
  readonly name = 'local-renderer';

  async generate(request: AvatarRequest): Promise<GeneratedAvatar> {
    const reference = request.references[0];
    if (!reference) throw new ProviderPermanentError('No reference photo to render from');
    const { width, height } = dimensionsOf(request.size);
    const { recipe } = request;
    const { box } = windowBox(recipe.subject, width, height);
    const [backdrop, mask, texture, frame, cropped] = await Promise.all([
      backdropLayer(recipe.backdrop, width, height),
      windowMask(recipe.subject, width, height),
      textureLayer(recipe.texture, width, height),
      frameLayer(recipe.frame, width, height),
      cropToSubject(reference, box, recipe.subject.focus).catch((e: unknown) => {
        throw new ProviderPermanentError('The reference photo could not be read', { cause: e });
      }),
    ]);
    const wall = await plainBackdropKey(cropped);
    const subject = finish(await stylise(cropped, recipe.effect), recipe.grade, mask, wall);
    const pixels = compose(backdrop, subject, box, texture, frame);
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
