// The geometry of an edit of a finished avatar (docs/generation.md, "Edits"): which pixels the provider may
// paint, on which canvas, and where the source image sits on it. Pure: the worker hands in the person's matte
// (PersonSegmenter, ports.ts), the face's box and landmarks (the face model) and the user's brush; an
// adapter encodes the mask as the PNG the provider reads (functions/adapters/images/edit-mask-png.ts).
import type { EditAspect, EditSpec, Placement } from './image-provider.ts';
import type { PersonMatte } from './ports.ts';

/** One byte a pixel, row by row. */
export interface MaskImage {
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** A face in px of the source image: its box and its 68 landmarks (functions/domain/faces/ports.ts order). */
export interface EditFace {
  box: { x: number; y: number; width: number; height: number };
  landmarks: readonly { x: number; y: number }[];
}

export interface EditSource {
  width: number;
  height: number;
  /** the person (255) against the backdrop (0), at the source's size: backdrop and outfit need it */
  matte?: PersonMatte | null;
  /** the largest face: outfit, framing and retouch use it */
  face?: EditFace | null;
  /** region: the user's brush at the source's size, 255 (white) where to change */
  userMask?: MaskImage | null;
}

export interface EditGeometry {
  /** at the canvas's size: 0 where the model may paint, 255 where the image is kept (the provider's mask) */
  mask: MaskImage;
  canvas: { width: number; height: number };
  /** where the source image sits on the canvas (the whole canvas but for framing) */
  placement: Placement;
}

/** Framing's shapes as width / height. */
export const ASPECT_RATIOS: Record<EditAspect, number> = { '1:1': 1, '4:5': 4 / 5, '3:2': 3 / 2, '4:1': 4 };

export function editMask(_spec: EditSpec, _source: EditSource): EditGeometry {
  throw new Error('not implemented yet');
}
