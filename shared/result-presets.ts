// The download presets of a finished avatar and how a face-centred square is placed, in one
// place: the server crops with it (functions/generation/images/result-images.ts) and the gallery draws its
// circular preview and its before/after with the same numbers, so what is shown is what is downloaded.
// Free of zod: the SPA imports it.

export const RESULT_PRESETS = ['original', 'linkedin', 'profile', 'id-badge', '4k'] as const;
export type ResultPreset = (typeof RESULT_PRESETS)[number];
export type SizedPreset = Exclude<ResultPreset, 'original'>;

/** A box in an image as shares of its width and height (0-1): a face's, as the face model found it. */
export interface RelativeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A square of an image, in its pixels. */
interface SquareCrop {
  left: number;
  top: number;
  side: number;
}

/** The face-centred squares: their side in px, and how many face heights the square spans. */
export const FACE_SQUARES = {
  /** LinkedIn's profile picture */
  linkedin: { side: 400, faceSpan: 2.6 },
  /** a high-resolution profile picture, for any network's round bubble */
  profile: { side: 1080, faceSpan: 2.6 },
  /** a badge photo: the face larger, as ID pictures have it */
  'id-badge': { side: 600, faceSpan: 2 },
} as const satisfies Partial<Record<SizedPreset, { side: number; faceSpan: number }>>;
type FaceSquarePreset = keyof typeof FACE_SQUARES;

export const isFaceSquare = (preset: ResultPreset): preset is FaceSquarePreset => preset in FACE_SQUARES;

/** "4K": the long side, upscaled from what the provider made. */
export const UPSCALED_LONG_SIDE = 4096;

/** Where the face's centre sits in the square, from its top: a little above the middle, shoulders below. */
const FACE_CENTRE_FROM_TOP = 0.45;
/** The square never shrinks below this share of the image's short side (a tiny face is not blown up). */
const MIN_SHARE_OF_SHORT_SIDE = 0.45;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/**
 * The square of a `width` x `height` image that centres the face `box`, `faceSpan` face heights tall, kept
 * inside the image (a face near an edge moves off centre rather than the square leaving the picture).
 */
export function faceSquare(width: number, height: number, box: RelativeBox, faceSpan: number): SquareCrop {
  const short = Math.min(width, height);
  const face = Math.max(box.width * width, box.height * height);
  const side = Math.round(clamp(face * faceSpan, short * MIN_SHARE_OF_SHORT_SIDE, short));
  const cx = (box.x + box.width / 2) * width;
  const cy = (box.y + box.height / 2) * height;
  return {
    left: Math.round(clamp(cx - side / 2, 0, width - side)),
    top: Math.round(clamp(cy - side * FACE_CENTRE_FROM_TOP, 0, height - side)),
    side,
  };
}

/** A download's file name: `avatar-<style>-<preset>.jpg` (the original keeps the product's name). */
export function presetDownloadName(styleStem: string, preset: SizedPreset): string {
  const label = preset === 'profile' ? 'profile-1080' : preset;
  return `avatar-${styleStem || 'avatar'}-${label}.jpg`;
}
