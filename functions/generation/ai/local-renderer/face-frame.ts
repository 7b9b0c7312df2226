// Framing a portrait around the face measured at upload: the eyes at one height in every style's
// window, the face at one size, so the whole head (hair and chin) is in frame whatever the photo's crop.
// Pure geometry, in pixels of the photo as decoded (upright) and of the output picture.
import type { ReferenceImage } from '../../domain/image-provider.ts';
import type { Box } from './layers.ts';

type FaceGeometry = NonNullable<ReferenceImage['face']>;

/** The eyes' midpoint sits this far down the visible window (a share of its height). */
export const EYE_LINE = 0.4;
/** The face box (brows to chin) is this share of the window's height... */
const FACE_HEIGHT_SHARE = 0.36;
/** ...or, in a window wider than tall for the face, its width this share of the window's width. */
const FACE_WIDTH_SHARE = 0.5;
/**
 * A selfie cropped close to the head would leave most of the window to the blurred fill at the face's size:
 * the photo is never drawn smaller than this share of the scale that covers the window (the face grows).
 */
const MIN_COVER = 0.85;

export interface FaceInPhoto {
  /** the eyes' midpoint, px */
  eyeX: number;
  eyeY: number;
  /** the face box, px */
  width: number;
  height: number;
}

export function faceInPhoto(face: FaceGeometry, W: number, H: number): FaceInPhoto | null {
  const { box, eyes } = face;
  const width = box.width * W;
  const height = box.height * H;
  if (!(width >= 4 && height >= 4)) return null;
  return {
    eyeX: ((eyes.left.x + eyes.right.x) / 2) * W,
    eyeY: ((eyes.left.y + eyes.right.y) / 2) * H,
    width,
    height,
  };
}

/** Where the eyes go in the output, and the scale that gives the face its size there. */
function faceTarget(face: FaceInPhoto, target: Box): { x: number; y: number; scale: number } {
  const faceHeight = Math.min(
    FACE_HEIGHT_SHARE * target.height,
    FACE_WIDTH_SHARE * target.width * (face.height / face.width),
  );
  return {
    x: target.left + target.width / 2,
    y: target.top + EYE_LINE * target.height,
    scale: faceHeight / face.height,
  };
}

/** Where the face ends up in the placed photo: the eyes' midpoint and the face box's size, px. */
export interface PlacedFace {
  eyeX: number;
  eyeY: number;
  width: number;
  height: number;
}

export interface WindowCrop {
  /** the photo is resized to this... */
  scaled: { width: number; height: number };
  /** ...this part of it shows... */
  extract: Box;
  /** ...here in the window's box */
  at: Box;
  /**
   * When the photo does not reach every edge of the window's box at that scale (a selfie cropped close to
   * the head): the crop that does, drawn blurred behind it. Null when the photo covers the box.
   */
  fill: { scaled: { width: number; height: number }; extract: Box } | null;
  face: PlacedFace;
}

/**
 * The eyes on the visible window's (`target`) eye line and the face at its size, in `region` (the window's
 * box, soft edge included), whatever the photo's own crop: what the photo does not cover is filled by a
 * blurred copy (`fill`), never by moving the face (a close crop makes it larger: MIN_COVER).
 */
export function windowCrop(face: FaceInPhoto, W: number, H: number, target: Box, region: Box): WindowCrop {
  const aim = faceTarget(face, target);
  const s = Math.max(aim.scale, MIN_COVER * Math.max(region.width / W, region.height / H));
  const scaled = { width: Math.max(1, Math.round(W * s)), height: Math.max(1, Math.round(H * s)) };
  const left = Math.round(aim.x - region.left - face.eyeX * s);
  const top = Math.round(aim.y - region.top - face.eyeY * s);
  const x0 = Math.min(region.width - 1, Math.max(0, left));
  const y0 = Math.min(region.height - 1, Math.max(0, top));
  const x1 = Math.max(x0 + 1, Math.min(region.width, left + scaled.width));
  const y1 = Math.max(y0 + 1, Math.min(region.height, top + scaled.height));
  const covers = x0 === 0 && y0 === 0 && x1 === region.width && y1 === region.height;
  return {
    scaled,
    extract: { left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 },
    at: { left: x0, top: y0, width: x1 - x0, height: y1 - y0 },
    fill: covers ? null : coverCrop(face, W, H, { ...aim, scale: s }, region),
    face: {
      eyeX: aim.x - region.left,
      eyeY: aim.y - region.top,
      width: face.width * s,
      height: face.height * s,
    },
  };
}

/** The photo scaled to cover the region, as close to the face's aim as its edges allow. */
function coverCrop(
  face: FaceInPhoto,
  W: number,
  H: number,
  aim: { x: number; y: number; scale: number },
  region: Box,
): { scaled: { width: number; height: number }; extract: Box } {
  const scale = Math.max(aim.scale, region.width / W, region.height / H);
  const scaled = {
    width: Math.max(region.width, Math.round(W * scale)),
    height: Math.max(region.height, Math.round(H * scale)),
  };
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), max));
  return {
    scaled,
    extract: {
      left: clamp(face.eyeX * scale - (aim.x - region.left), scaled.width - region.width),
      top: clamp(face.eyeY * scale - (aim.y - region.top), scaled.height - region.height),
      width: region.width,
      height: region.height,
    },
  };
}

interface StandingCrop {
  scaled: { width: number; height: number };
  /** the part of the scaled photo that shows in the picture... */
  extract: Box;
  /** ...and where it goes */
  at: Box;
  face: PlacedFace;
}

/**
 * A person cut out from a plain wall, placed with the eyes on the window's eye line. `person` is their
 * outline's box in the photo. When they stand on the photo's bottom edge (shoulders cut by the frame), the
 * picture's bottom must be reached too: the face grows a little, then the eyes move down, never a torso
 * ending in mid-air. Null when nothing of the person would show.
 */
export function standingCrop(
  face: FaceInPhoto,
  person: Box,
  standsOnEdge: boolean,
  target: Box,
  frame: { width: number; height: number },
): StandingCrop | null {
  const aim = faceTarget(face, target);
  const bottom = person.top + person.height;
  let scale = aim.scale;
  if (standsOnEdge && bottom > face.eyeY)
    scale = Math.min(aim.scale * 1.5, Math.max(scale, (frame.height - aim.y) / (bottom - face.eyeY)));
  let top = aim.y - (face.eyeY - person.top) * scale;
  if (standsOnEdge) top = Math.max(top, frame.height - person.height * scale);
  const left = aim.x - (face.eyeX - person.left) * scale;
  const scaled = { width: Math.round(person.width * scale), height: Math.round(person.height * scale) };
  const x0 = Math.max(0, Math.round(left));
  const y0 = Math.max(0, Math.round(top));
  const x1 = Math.min(frame.width, Math.round(left) + scaled.width);
  const y1 = Math.min(frame.height, Math.round(top) + scaled.height);
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  return {
    scaled,
    extract: { left: x0 - Math.round(left), top: y0 - Math.round(top), width: x1 - x0, height: y1 - y0 },
    at: { left: x0, top: y0, width: x1 - x0, height: y1 - y0 },
    face: {
      eyeX: left + (face.eyeX - person.left) * scale - x0,
      eyeY: top + (face.eyeY - person.top) * scale - y0,
      width: face.width * scale,
      height: face.height * scale,
    },
  };
}
