// The AI provider port: reference photos and a style in, one avatar image out. Two adapters implement it
// (functions/generation/ai): OpenAI image edits, and the embedded local renderer used when no provider key
// is configured, whose results are marked 'preview-render'.
import type { RelativeBox, RelativePoint } from '../../photos/public.ts';
import type { ImageQuality, InputFidelity, RenderRecipe, StyleFormat } from '../../styles/public.ts';

export type ImageSize = '1024x1024' | '1024x1536';
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export const SIZE_OF_FORMAT: Record<StyleFormat, ImageSize> = {
  square: '1024x1024',
  portrait: '1024x1536',
};

export const dimensionsOf = (size: ImageSize): { width: number; height: number } => {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
};

export interface ReferenceImage {
  bytes: Buffer;
  contentType: ImageType;
  /**
   * Where the face is in this photo (shares of its width and height, as measured at upload): the local
   * renderer frames the picture around it. Absent for photos recorded before the face check.
   */
  face?: { box: RelativeBox; eyes: { left: RelativePoint; right: RelativePoint } };
}

export interface AvatarRequest {
  /** The user's photos, best first; 1 to 16. */
  references: readonly ReferenceImage[];
  /** The style's prompt, from the styles table (never from the request). */
  prompt: string;
  size: ImageSize;
  quality: ImageQuality;
  inputFidelity: InputFidelity;
  /** How the local renderer draws this style; an AI provider ignores it. */
  recipe: RenderRecipe;
  /** A stable, non-identifying id for the end user (a hash), for the provider's abuse monitoring. */
  endUser?: string;
  /** Unix ms: no retry is started that could not finish by then (the worker passes its own deadline). */
  deadline?: number;
}

/** What the provider reports having used, in its own tokens. */
export interface ProviderUsage {
  inputTokens: number;
  inputImageTokens: number;
  inputTextTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** 'ai' for a provider's image; 'preview-render' for the local renderer's, which the gallery labels. */
export type RenderKind = 'ai' | 'preview-render';

export interface GeneratedAvatar {
  image: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
  kind: RenderKind;
  /** e.g. 'gpt-image-1.5', or 'local-renderer' */
  model: string;
  /** null when nothing was billed (the local renderer) */
  usage: ProviderUsage | null;
  /** calls made, retries included */
  attempts: number;
}

/** What an edit of a finished avatar changes (docs/generation.md, "Edits"). */
export type EditKind = 'backdrop' | 'outfit' | 'framing' | 'retouch' | 'region';
/** Framing's shapes: width to height. */
export type EditAspect = '1:1' | '4:5' | '3:2' | '4:1';
/** Retouch's strengths: skin evenness and shine, weakest first. */
export type RetouchLevel = 'natural' | 'light' | 'polished';

/** What the user asked (validated by the domain before it gets here). */
export interface EditSpec {
  kind: EditKind;
  /** a backdrop id of shared/style-choices.ts */
  backdrop?: string;
  /** '#rrggbb': a plain backdrop of this colour */
  colour?: string;
  /** an outfit id of shared/style-choices.ts */
  outfit?: string;
  aspect?: EditAspect;
  level?: RetouchLevel;
  /** region: what to change there, at most 200 characters */
  prompt?: string;
}

/** Where the source image sits in the edit's output, in px of the output. */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EditRequest {
  /** the version being edited, as stored */
  image: Buffer;
  contentType: ImageType;
  /** PNG of the OUTPUT size: alpha 0 where the model may paint, 255 elsewhere (edit-masks.ts) */
  mask: Buffer;
  /** the output size (framing changes it; the image is placed on the canvas at `placement`) */
  width: number;
  height: number;
  placement: Placement;
  edit: EditSpec;
  /** the style's prompt kept, plus the edit's words (edit-masks.ts editPrompt) */
  prompt: string;
  /** how the local renderer draws the style, the edit's backdrop or outfit applied (edit-masks.ts editRecipe) */
  recipe: RenderRecipe;
  endUser?: string;
  deadline?: number;
}

export interface ImageProvider {
  /** 'openai' or 'local-renderer': logged with every task. */
  readonly name: string;
  /** Throws a ProviderError (provider-errors.ts) for every expected failure. */
  generate(request: AvatarRequest): Promise<GeneratedAvatar>;
  /** Changes the masked part of a finished avatar; same errors as generate. */
  edit(request: EditRequest): Promise<GeneratedAvatar>;
}
