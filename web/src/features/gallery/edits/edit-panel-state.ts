// The edit panel's state (edit-panel.tsx): the tab open, what each tab has chosen, the brush's strokes and
// settings, the refusal said and whether the mask is being made. One reducer with typed actions, so the
// transitions read (and are tested, tests/unit/edit-panel-state.test.ts) apart from the markup.
import type { EditTaskRequest } from '#shared/api-schemas.ts';
import { EDIT_COLOUR, EDIT_PROMPT_MAX_LENGTH, type EditKindId } from '#shared/edit-rules.ts';
import type { BackdropId, OutfitId } from '#shared/style-choices.ts';
import type { Refusal } from '../api/edits.ts';
import type { Stroke } from './brush-mask.ts';
import { type Aspect, type Level, PALETTE } from './edit-options.ts';

export interface EditState {
  kind: EditKindId;
  backdrop: BackdropId | null;
  /** the plain backdrop's colour, as picked from the palette or typed */
  colour: string;
  /** typed rather than picked: only then is a malformed colour said */
  colourTyped: boolean;
  outfit: OutfitId | null;
  aspect: Aspect | null;
  level: Level | null;
  /** "Fix one region": the strokes brushed, in the avatar's pixels */
  strokes: Stroke[];
  mode: Stroke['mode'];
  size: number;
  prompt: string;
  refusal: Refusal | null;
  /** the region's mask being drawn before the edit is sent */
  preparing: boolean;
}

export type EditAction =
  | { type: 'tab'; kind: EditKindId }
  | { type: 'backdrop'; backdrop: BackdropId }
  | { type: 'paletteColour'; colour: string }
  | { type: 'typedColour'; colour: string }
  | { type: 'outfit'; outfit: OutfitId }
  | { type: 'aspect'; aspect: Aspect }
  | { type: 'level'; level: Level }
  | { type: 'stroke'; stroke: Stroke }
  | { type: 'undoStroke' }
  | { type: 'clearStrokes' }
  | { type: 'brushMode'; mode: Stroke['mode'] }
  | { type: 'brushSize'; size: number }
  | { type: 'prompt'; prompt: string }
  | { type: 'preparing'; preparing: boolean }
  | { type: 'refused'; refusal: Refusal | null };

/** A new panel on an avatar of this size: the backdrop tab, nothing chosen, a brush a sixteenth of its side. */
export const initialEditState = ({ width, height }: { width: number; height: number }): EditState => ({
  kind: 'backdrop',
  backdrop: null,
  colour: PALETTE[0] as string,
  colourTyped: false,
  outfit: null,
  aspect: null,
  level: null,
  strokes: [],
  mode: 'brush',
  size: Math.round(Math.min(width, height) / 16),
  prompt: '',
  refusal: null,
  preparing: false,
});

export function editPanelReducer(state: EditState, action: EditAction): EditState {
  switch (action.type) {
    case 'tab':
      // Another kind of edit: what the last one was refused for no longer holds.
      return { ...state, kind: action.kind, refusal: null };
    case 'backdrop':
      return { ...state, backdrop: action.backdrop };
    case 'paletteColour':
      return { ...state, colour: action.colour, colourTyped: false };
    case 'typedColour':
      return { ...state, colour: action.colour.trim(), colourTyped: true };
    case 'outfit':
      return { ...state, outfit: action.outfit };
    case 'aspect':
      return { ...state, aspect: action.aspect };
    case 'level':
      return { ...state, level: action.level };
    case 'stroke':
      return { ...state, strokes: [...state.strokes, action.stroke] };
    case 'undoStroke':
      return { ...state, strokes: state.strokes.slice(0, -1) };
    case 'clearStrokes':
      return { ...state, strokes: [] };
    case 'brushMode':
      return { ...state, mode: action.mode };
    case 'brushSize':
      return { ...state, size: action.size };
    case 'prompt':
      return { ...state, prompt: action.prompt };
    case 'preparing':
      return { ...state, preparing: action.preparing };
    case 'refused':
      return { ...state, refusal: action.refusal };
  }
}

export const colourOk = (state: EditState): boolean => EDIT_COLOUR.test(state.colour);

/** The prompt's length in characters as the server counts them (code points). */
export const promptLength = (state: EditState): number => [...state.prompt].length;

export const promptLong = (state: EditState): boolean => promptLength(state) > EDIT_PROMPT_MAX_LENGTH;

/**
 * What is asked, or null while the open tab has nothing (valid) chosen. `coversTooMuch`: the brushed region
 * is past EDIT_MASK_MAX_SHARE of the picture (brushedShare, worked out by the panel).
 */
export function askedEdit(state: EditState, coversTooMuch: boolean): Omit<EditTaskRequest, 'mask'> | null {
  const { kind } = state;
  switch (kind) {
    case 'backdrop': {
      const { backdrop, colour } = state;
      if (backdrop === 'plain-colour')
        return colourOk(state) ? { kind, backdrop, colour: colour.toLowerCase() } : null;
      return backdrop ? { kind, backdrop } : null;
    }
    case 'outfit':
      return state.outfit ? { kind, outfit: state.outfit } : null;
    case 'framing':
      return state.aspect ? { kind, aspect: state.aspect } : null;
    case 'retouch':
      return state.level ? { kind, level: state.level } : null;
    case 'region': {
      const prompt = state.prompt.trim();
      return prompt && !promptLong(state) && state.strokes.length && !coversTooMuch ? { kind, prompt } : null;
    }
  }
}
