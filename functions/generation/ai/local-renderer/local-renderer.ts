// The embedded renderer: what generates avatars when no AI provider key is configured. It draws the
// style's recipe around the first reference photo (framed on its face when the upload measured one) at the
// style's exact size, in well under a second, and marks the result 'preview-render' so the gallery never
// passes it off as AI output. For tests of the likeness guarantee it can draw someone else, or no one.
import sharp from 'sharp';
import {
  type AvatarRequest,
  dimensionsOf,
  type EditRequest,
  type GeneratedAvatar,
  type ImageProvider,
  type ReferenceImage,
} from '../../domain/image-provider.ts';
import { ProviderPermanentError } from '../../domain/provider-errors.ts';
import { compose } from './compose.ts';
import { placePhoto } from './crop.ts';
import { renderEdit } from './edit.ts';
import { FACE_DETAIL, keepFaceDetail } from './face-detail.ts';
import { type Box, backdropLayer, frameLayer, textureLayer, windowBox, windowMask } from './layers.ts';
import { drawOutfit } from './outfit.ts';
import { finish, stylise } from './photo.ts';

const LOCAL_RENDERER_MODEL = 'local-renderer';

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

interface LocalRendererOptions {
  /**
   * Whose face the picture shows: the user's reference photo (the default), the person in this image
   * (another person: the likeness guarantee refunds it), or 'none' (a picture without a face).
   */
  face?: 'none' | { other: Buffer };
}

/** What 'none' draws in the window: a soft blank, no face for anyone to find. */
let faceless: Promise<Buffer> | null = null;
const facelessPhoto = () => {
  faceless ??= sharp({ create: { width: 64, height: 80, channels: 3, background: '#9aa5b1' } })
    .jpeg()
    .toBuffer();
  return faceless;
};

export class LocalRenderer implements ImageProvider {
  readonly name = 'local-renderer';

  private readonly options: LocalRendererOptions;

  constructor(options: LocalRendererOptions = {}) {
    this.options = options;
  }

  private async subjectOf(request: AvatarRequest): Promise<ReferenceImage | undefined> {
    const { face } = this.options;
    if (face === 'none') return { bytes: await facelessPhoto(), contentType: 'image/jpeg' };
    if (face) return { bytes: face.other, contentType: 'image/jpeg' };
    return request.references[0];
  }

  async generate(request: AvatarRequest): Promise<GeneratedAvatar> {
    if (!request.references[0]) throw new ProviderPermanentError('No reference photo to render from');
    const reference = (await this.subjectOf(request)) as ReferenceImage;
    const { width, height } = dimensionsOf(request.size);
    const { recipe } = request;
    const { box, shape } = windowBox(recipe.subject, width, height);
    const [backdrop, mask, texture, frame, placed] = await Promise.all([
      backdropLayer(recipe.backdrop, width, height),
      windowMask(recipe.subject, width, height),
      textureLayer(recipe.texture, width, height),
      frameLayer(recipe.frame, width, height),
      placePhoto(reference, recipe.subject, { width, height }, box, shape).catch((e: unknown) => {
        throw new ProviderPermanentError('The reference photo could not be read', { cause: e });
      }),
    ]);
    // The chosen outfit is part of the photo from here on: stylised and graded with it.
    if (recipe.outfit) {
      const worn = await drawOutfit(placed.photo, recipe.outfit, placed.face);
      if (placed.cutout)
        for (let p = 0; p < worn.length; p++)
          placed.cutout[p] = Math.max(placed.cutout[p] as number, worn[p] as number);
    }
    // stylise may work in place: the face's detail is read from a copy.
    const original = placed.face && FACE_DETAIL[recipe.effect] ? Buffer.from(placed.photo.data) : null;
    const styled = await stylise(placed.photo, recipe.effect);
    if (original && placed.face) keepFaceDetail(styled, original, placed.face, recipe.effect);
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

  /** Edits for real, locally (edit.ts); the test options above do not apply to an edit. */
  edit(request: EditRequest): Promise<GeneratedAvatar> {
    return renderEdit(request);
  }
}
