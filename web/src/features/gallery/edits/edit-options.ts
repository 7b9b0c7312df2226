// What the edit panel's tabs offer (edit-panel.tsx): the frames and their names, the retouch levels, the
// plain backdrop's palette, and the arithmetic of a new frame around the avatar.

import type { EDIT_ASPECTS, RETOUCH_LEVELS } from '#shared/edit-rules.ts';
import { BACKDROP_LOOKS } from '#shared/style-choices.ts';

export type Aspect = (typeof EDIT_ASPECTS)[number];
export type Level = (typeof RETOUCH_LEVELS)[number];

/** The frames' names (i18next reads ':' in a key as a namespace: the ids are not keys). */
export const ASPECT_NAMES: Record<Aspect, 'square' | 'portrait' | 'landscape' | 'banner'> = {
  '1:1': 'square',
  '4:5': 'portrait',
  '3:2': 'landscape',
  '4:1': 'banner',
};

export const ratioOf = (aspect: Aspect): number => {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
};

/** Plain backdrops a user picks most: the plain-colour backdrop's own blue first, then neutrals and brand-like tones. */
export const PALETTE = [
  BACKDROP_LOOKS['plain-colour'].colors[0] as string,
  '#1f2937',
  '#6b7280',
  '#e5e7eb',
  '#f8fafc',
  '#0f766e',
  '#6d28d9',
  '#b91c1c',
  '#d97706',
];

/** The avatar's new canvas for a frame: its own pixels kept, the rest added (and generated) around it. */
export function frameOf(width: number, height: number, aspect: Aspect) {
  const ratio = ratioOf(aspect);
  const canvas =
    width / height < ratio
      ? { width: Math.round(height * ratio), height }
      : { width, height: Math.round(width / ratio) };
  return {
    canvas,
    placement: {
      x: Math.round((canvas.width - width) / 2),
      y: Math.round((canvas.height - height) / 2),
      width,
      height,
    },
  };
}

export const isCurrentFrame = (width: number, height: number, aspect: Aspect): boolean =>
  Math.abs(width / height - ratioOf(aspect)) < 0.01;
