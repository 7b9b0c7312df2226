// How the embedded local renderer draws a style (used when no AI provider key is configured): plain data
// kept with the style in the table, so a style added later gets a look without code. The renderer crops
// the reference photo around its subject, grades and stylises it, sets it on a backdrop, then lays a
// texture and a frame over the whole picture. A task's copy may also carry the user's outfit.
import type { OutfitLook } from '#shared/style-choices.ts';

/** '#rrggbb' */
export type Hex = string;

export interface RenderRecipe {
  backdrop: {
    kind:
      | 'solid'
      | 'linear'
      | 'radial'
      | 'studio'
      | 'rays'
      | 'stars'
      | 'grid'
      | 'bokeh'
      | 'stripes'
      | 'dots'
      | 'skyline'
      | 'brick';
    /** one to four colours, darkest or dominant first */
    colors: Hex[];
  };
  subject: {
    /** the window the photo shows through ('full': edge to edge, no backdrop) */
    shape: 'full' | 'oval' | 'arch' | 'circle';
    /** share of the frame's width the window takes, 0.5 to 1 */
    scale: number;
    /** vertical offset of the window as a share of the frame's height, -0.2 to 0.2 */
    offsetY: number;
    /** how soft the window's edge is, 0 (sharp) to 1 */
    feather: number;
    /** how the crop finds the subject: salient features, or detail */
    focus: 'attention' | 'entropy';
  };
  grade: {
    brightness: number;
    saturation: number;
    /** degrees */
    hue: number;
    contrast: number;
    tone: 'natural' | 'mono' | 'sepia' | 'duotone';
    /** shadow and highlight colours for 'duotone' */
    duotone?: [Hex, Hex];
    /** a colour washed over the photo, 0 to 1 */
    tint?: { color: Hex; amount: number };
  };
  /** a stylisation of the photo */
  effect: 'none' | 'soft' | 'paint' | 'ink' | 'poster' | 'pixel' | 'sketch' | 'glow';
  texture: { kind: 'none' | 'grain' | 'paper' | 'canvas' | 'halftone' | 'scanlines'; amount: number };
  frame: {
    kind: 'none' | 'vignette' | 'border' | 'double' | 'ornate' | 'neon' | 'polaroid' | 'rounded';
    color: Hex;
  };
  /** clothing drawn over the person's shoulders: a task's outfit choice (shared/style-choices.ts) */
  outfit?: OutfitLook;
}

const NATURAL: RenderRecipe['grade'] = { brightness: 1, saturation: 1, hue: 0, contrast: 1, tone: 'natural' };

/** A plain studio look, for a style created without a recipe. */
export const DEFAULT_RECIPE: RenderRecipe = {
  backdrop: { kind: 'studio', colors: ['#64748b', '#e2e8f0'] },
  subject: { shape: 'oval', scale: 0.86, offsetY: 0.02, feather: 0.5, focus: 'attention' },
  grade: { ...NATURAL, contrast: 1.05 },
  effect: 'none',
  texture: { kind: 'grain', amount: 0.15 },
  frame: { kind: 'vignette', color: '#0f172a' },
};
