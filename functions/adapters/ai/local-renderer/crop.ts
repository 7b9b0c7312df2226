// Crops a photo to a box's shape around its subject. sharp's attention (or entropy) strategy finds the
// subject; it is run on a small copy, and the same crop is then cut from the full-size photo, which costs
// a fraction of running the strategy at full size.
import sharp from 'sharp';
import type { ReferenceImage } from '../../../domain/generation/image-provider.ts';
import type { RenderRecipe } from '../../../domain/styles/render-recipe.ts';
import type { RawImage } from './raw-cache.ts';

const PROBE = 192;

export async function cropToSubject(
  ref: ReferenceImage,
  size: { width: number; height: number },
  focus: RenderRecipe['subject']['focus'],
): Promise<RawImage> {
  const source = () => sharp(ref.bytes, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' });
  const meta = await sharp(ref.bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const W = (turned ? meta.height : meta.width) ?? size.width;
  const H = (turned ? meta.width : meta.height) ?? size.height;

  // Where the strategy puts the window, as a share of the photo's spare width or height.
  const k = PROBE / Math.max(size.width, size.height);
  const probe = {
    width: Math.max(1, Math.round(size.width * k)),
    height: Math.max(1, Math.round(size.height * k)),
  };
  const { info } = await source()
    .resize(probe.width, probe.height, {
      fit: 'cover',
      position: focus === 'entropy' ? sharp.strategy.entropy : sharp.strategy.attention,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const probeScale = Math.max(probe.width / W, probe.height / H);
  const spare = (scaled: number, box: number, offset: number | undefined) =>
    scaled - box > 0.5 ? Math.min(1, Math.max(0, -(offset ?? 0) / (scaled - box))) : 0.5;
  const fx = spare(W * probeScale, probe.width, info.cropOffsetLeft);
  const fy = spare(H * probeScale, probe.height, info.cropOffsetTop);

  const scale = Math.max(size.width / W, size.height / H);
  const scaled = {
    width: Math.max(size.width, Math.round(W * scale)),
    height: Math.max(size.height, Math.round(H * scale)),
  };
  const { data, info: out } = await source()
    .resize(scaled.width, scaled.height, { fit: 'fill' })
    .extract({
      left: Math.round(fx * (scaled.width - size.width)),
      top: Math.round(fy * (scaled.height - size.height)),
      width: size.width,
      height: size.height,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (out.channels !== 3) throw new Error(`expected RGB pixels, got ${out.channels} channels`);
  return { data, width: out.width, height: out.height, channels: 3 };
}
