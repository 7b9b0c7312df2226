// Places the photo in the picture. Against a plain wall the person is cut out (plain-backdrop.ts), cropped
// to their own outline with headroom, and stood at the bottom of the picture on the style's backdrop.
// Otherwise the photo is cropped to the style's window. When the photo's face was measured at upload, both
// are framed around it (face-frame.ts: the eyes on one line, the whole head in frame); without it, the crop
// follows sharp's attention (or entropy) strategy on a small copy and the person's outline. The photo is
// decoded once, to a working copy of at most WORKING pixels on its long side (a phone's 12-megapixel JPEG
// then decodes at half size); every later step reads those raw pixels.
import sharp, { type Sharp } from 'sharp';
import type { RenderRecipe } from '../../../styles/public.ts';
import type { ReferenceImage } from '../../domain/image-provider.ts';
import {
  type FaceInPhoto,
  faceInPhoto,
  type PlacedFace,
  standingCrop,
  type WindowCrop,
  windowCrop,
} from './face-frame.ts';
import type { Box } from './layers.ts';
import { plainWall, subjectBounds, wallKey } from './plain-backdrop.ts';
import type { RawImage } from './raw-cache.ts';

const PROBE = 192;
const WORKING = 1600;

interface PlacedPhoto {
  photo: RawImage;
  at: Box;
  /** the person's own outline as alpha when the wall was cut out; null when the window frames the photo */
  cutout: Buffer | null;
  /** where the face is in `photo`, when the photo's face was known */
  face: PlacedFace | null;
}

async function toRgb(s: Sharp): Promise<RawImage> {
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected RGB pixels, got ${info.channels} channels`);
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * `window` is the box the photo fills (the style's window with its soft edge), `shape` the visible window
 * inside it, which the face is framed in.
 */
export async function placePhoto(
  ref: ReferenceImage,
  subject: RenderRecipe['subject'],
  frame: { width: number; height: number },
  window: Box,
  shape: Box,
): Promise<PlacedPhoto> {
  const working = await toRgb(
    sharp(ref.bytes, { failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(WORKING, WORKING, { fit: 'inside', withoutEnlargement: true }),
  );
  const source = () =>
    sharp(working.data, { raw: { width: working.width, height: working.height, channels: 3 } });
  const W = working.width;
  const H = working.height;
  const face = ref.face ? faceInPhoto(ref.face, W, H) : null;

  const probe = await toRgb(source().resize(PROBE, PROBE, { fit: 'inside' }));
  const wall = plainWall(probe);
  if (wall) {
    const placed = await standOnBackdrop(
      source,
      wall,
      probe,
      { W, H },
      subject,
      frame,
      face && { face, shape },
    );
    if (placed) return placed;
  }
  if (face) {
    const crop = windowCrop(face, W, H, shape, window);
    return { photo: await framedOnFace(source, crop, window), at: window, cutout: null, face: crop.face };
  }
  return {
    photo: await cropToWindow(source, { W, H }, window, subject.focus),
    at: window,
    cutout: null,
    face: null,
  };
}

/** px over which the photo fades into the blurred fill */
const FILL_FEATHER = 28;

/** The window's box, the face on its mark: the photo, and a blurred copy where the photo does not reach. */
async function framedOnFace(source: () => Sharp, crop: WindowCrop, window: Box): Promise<RawImage> {
  const part = (s: Sharp, c: { scaled: { width: number; height: number }; extract: Box }) =>
    toRgb(s.resize(c.scaled.width, c.scaled.height, { fit: 'fill' }).extract(c.extract));
  const photo = await part(source(), crop);
  if (!crop.fill) return photo;
  // Blurred at an eighth of the size: the same look for a fraction of the work.
  const small = await toRgb(
    sharp((await part(source(), crop.fill)).data, {
      raw: { width: window.width, height: window.height, channels: 3 },
    })
      .resize(Math.max(1, Math.round(window.width / 8)), Math.max(1, Math.round(window.height / 8)))
      .blur(3),
  );
  const base = await toRgb(
    sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } }).resize(
      window.width,
      window.height,
      { fit: 'fill' },
    ),
  );
  const { at } = crop;
  const fade = (d: number, open: boolean) => (open ? Math.min(1, d / FILL_FEATHER) : 1);
  for (let y = 0; y < at.height; y++) {
    const fy = Math.min(fade(y, at.top > 0), fade(at.height - 1 - y, at.top + at.height < window.height));
    for (let x = 0; x < at.width; x++) {
      const a = Math.min(fy, fade(x, at.left > 0), fade(at.width - 1 - x, at.left + at.width < window.width));
      const i = (y * at.width + x) * 3;
      const j = ((y + at.top) * window.width + x + at.left) * 3;
      for (let c = 0; c < 3; c++)
        base.data[j + c] = (photo.data[i + c] as number) * a + (base.data[j + c] as number) * (1 - a);
    }
  }
  return base;
}

async function standOnBackdrop(
  source: () => Sharp,
  wall: [number, number, number],
  probe: RawImage,
  size: { W: number; H: number },
  subject: RenderRecipe['subject'],
  frame: { width: number; height: number },
  framing: { face: FaceInPhoto; shape: Box } | null,
): Promise<PlacedPhoto | null> {
  const bounds = subjectBounds(await wallKey(probe, wall), probe.width, probe.height);
  if (!bounds) return null;
  const area = ((bounds.right - bounds.left) * (bounds.bottom - bounds.top)) / (probe.width * probe.height);
  if (area < 0.04 || area > 0.97) return null;

  // The person's box in the full photo, with headroom above and a little room at the sides.
  const k = size.W / probe.width;
  const w = (bounds.right - bounds.left) * k;
  const h = (bounds.bottom - bounds.top) * k;
  const left = Math.max(0, Math.floor(bounds.left * k - w * 0.06));
  const top = Math.max(0, Math.floor(bounds.top * k - h * 0.08));
  const right = Math.min(size.W, Math.ceil(bounds.right * k + w * 0.06));
  const bottom = Math.min(size.H, Math.ceil(bounds.bottom * k));
  const region = { left, top, width: right - left, height: bottom - top };
  const standsOnEdge = bounds.bottom >= probe.height - 2;
  if (framing) {
    const crop = standingCrop(framing.face, region, standsOnEdge, framing.shape, frame);
    if (!crop) return null;
    const photo = await toRgb(
      source()
        .extract(region)
        .resize(crop.scaled.width, crop.scaled.height, { fit: 'fill' })
        .extract(crop.extract),
    );
    return { photo, at: crop.at, cutout: await wallKey(photo, wall), face: crop.face };
  }

  // As wide as the style's window at most, and short enough to leave headroom.
  const scale = Math.min(
    (frame.width * Math.max(subject.scale, 0.82)) / region.width,
    (frame.height * (standsOnEdge ? 0.86 : 0.8)) / region.height,
  );
  const width = Math.max(1, Math.round(region.width * scale));
  const height = Math.max(1, Math.round(region.height * scale));
  // Scaled first, then cut: a large JPEG then decodes at a fraction of its size (shrink-on-load).
  const whole = {
    width: Math.max(width, Math.round(size.W * scale)),
    height: Math.max(height, Math.round(size.H * scale)),
  };
  const photo = await toRgb(
    source()
      .resize(whole.width, whole.height, { fit: 'fill' })
      .extract({
        left: Math.min(whole.width - width, Math.round(region.left * scale)),
        top: Math.min(whole.height - height, Math.round(region.top * scale)),
        width,
        height,
      }),
  );
  const at = {
    left: Math.round((frame.width - width) / 2),
    top: standsOnEdge
      ? frame.height - height
      : Math.round((frame.height - height) / 2 + subject.offsetY * frame.height),
    width,
    height,
  };
  return { photo, at, cutout: await wallKey(photo, wall), face: null };
}

async function cropToWindow(
  source: () => Sharp,
  size: { W: number; H: number },
  window: Box,
  focus: RenderRecipe['subject']['focus'],
): Promise<RawImage> {
  const { W, H } = size;
  // Where the strategy puts the window, as a share of the photo's spare width or height.
  const k = PROBE / Math.max(window.width, window.height);
  const probe = {
    width: Math.max(1, Math.round(window.width * k)),
    height: Math.max(1, Math.round(window.height * k)),
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

  const scale = Math.max(window.width / W, window.height / H);
  const scaled = {
    width: Math.max(window.width, Math.round(W * scale)),
    height: Math.max(window.height, Math.round(H * scale)),
  };
  return toRgb(
    source()
      .resize(scaled.width, scaled.height, { fit: 'fill' })
      .extract({
        left: Math.round(fx * (scaled.width - window.width)),
        top: Math.round(fy * (scaled.height - window.height)),
        width: window.width,
        height: window.height,
      }),
  );
}
