// The edit panel's reducer (web/src/features/gallery/edits/edit-panel-state.ts): what each action changes,
// and what the open tab asks of the server once it has a valid choice.
import { describe, expect, it } from 'vitest';
import { EDIT_PROMPT_MAX_LENGTH } from '#shared/edit-rules.ts';
import type { Stroke } from '../../web/src/features/gallery/edits/brush-mask.ts';
import { PALETTE } from '../../web/src/features/gallery/edits/edit-options.ts';
import {
  askedEdit,
  type EditAction,
  type EditState,
  editPanelReducer,
  initialEditState,
  promptLength,
  promptLong,
} from '../../web/src/features/gallery/edits/edit-panel-state.ts';

const run = (state: EditState, ...actions: EditAction[]): EditState =>
  actions.reduce(editPanelReducer, state);
const fresh = () => initialEditState({ width: 1024, height: 1536 });
const stroke = (mode: Stroke['mode'], x: number): Stroke => ({ mode, size: 64, points: [{ x, y: 100 }] });

describe('the edit panel state', () => {
  it('opens on the backdrop tab with nothing chosen and a brush a sixteenth of the short side', () => {
    const state = fresh();
    expect(state).toMatchObject({ kind: 'backdrop', backdrop: null, colour: PALETTE[0], colourTyped: false });
    expect(state.size).toBe(64);
    expect(state.strokes).toEqual([]);
    expect(askedEdit(state, false)).toBeNull();
  });

  it('switching tab clears a refusal but keeps what each tab had chosen', () => {
    const refused = run(
      fresh(),
      { type: 'backdrop', backdrop: 'office' },
      { type: 'refused', refusal: { text: 'No', short: true } },
    );
    expect(refused.refusal).toEqual({ text: 'No', short: true });
    const moved = run(refused, { type: 'tab', kind: 'outfit' }, { type: 'tab', kind: 'backdrop' });
    expect(moved.refusal).toBeNull();
    expect(moved.backdrop).toBe('office');
    expect(askedEdit(moved, false)).toEqual({ kind: 'backdrop', backdrop: 'office' });
  });

  it('a typed colour is trimmed and checked; a palette colour is not said to be typed', () => {
    const typed = run(
      fresh(),
      { type: 'backdrop', backdrop: 'plain-colour' },
      { type: 'typedColour', colour: ' #12AB' },
    );
    expect(typed).toMatchObject({ colour: '#12AB', colourTyped: true });
    expect(askedEdit(typed, false)).toBeNull();
    const whole = run(typed, { type: 'typedColour', colour: '#12ABEF ' });
    expect(askedEdit(whole, false)).toEqual({
      kind: 'backdrop',
      backdrop: 'plain-colour',
      colour: '#12abef',
    });
    const picked = run(whole, { type: 'paletteColour', colour: '#1f2937' });
    expect(picked).toMatchObject({ colour: '#1f2937', colourTyped: false });
  });

  it('outfit, framing and retouch ask for what their tab picked', () => {
    const state = run(
      fresh(),
      { type: 'outfit', outfit: 'blazer' },
      { type: 'aspect', aspect: '4:1' },
      { type: 'level', level: 'light' },
    );
    expect(askedEdit(run(state, { type: 'tab', kind: 'outfit' }), false)).toEqual({
      kind: 'outfit',
      outfit: 'blazer',
    });
    expect(askedEdit(run(state, { type: 'tab', kind: 'framing' }), false)).toEqual({
      kind: 'framing',
      aspect: '4:1',
    });
    expect(askedEdit(run(state, { type: 'tab', kind: 'retouch' }), false)).toEqual({
      kind: 'retouch',
      level: 'light',
    });
  });

  it('strokes add up, undo takes the last back and clear empties them; mode and size follow the tools', () => {
    const brushed = run(
      fresh(),
      { type: 'tab', kind: 'region' },
      { type: 'brushSize', size: 30 },
      { type: 'stroke', stroke: stroke('brush', 1) },
      { type: 'brushMode', mode: 'eraser' },
      { type: 'stroke', stroke: stroke('eraser', 2) },
    );
    expect(brushed.size).toBe(30);
    expect(brushed.mode).toBe('eraser');
    expect(brushed.strokes.map((s) => s.points[0]?.x)).toEqual([1, 2]);
    expect(run(brushed, { type: 'undoStroke' }).strokes.map((s) => s.mode)).toEqual(['brush']);
    expect(run(brushed, { type: 'clearStrokes' }).strokes).toEqual([]);
  });

  it('a region asks once brushed, described within the limit and not covering too much', () => {
    const region = run(
      fresh(),
      { type: 'tab', kind: 'region' },
      { type: 'prompt', prompt: '  Remove the mug  ' },
    );
    expect(askedEdit(region, false)).toBeNull();
    const brushed = run(region, { type: 'stroke', stroke: stroke('brush', 5) });
    expect(askedEdit(brushed, false)).toEqual({ kind: 'region', prompt: 'Remove the mug' });
    expect(askedEdit(brushed, true)).toBeNull();
    const blank = run(brushed, { type: 'prompt', prompt: '   ' });
    expect(askedEdit(blank, false)).toBeNull();
    // Counted in characters, not UTF-16 units: an emoji is one.
    const long = run(brushed, { type: 'prompt', prompt: '😀'.repeat(EDIT_PROMPT_MAX_LENGTH + 1) });
    expect(promptLength(long)).toBe(EDIT_PROMPT_MAX_LENGTH + 1);
    expect(promptLong(long)).toBe(true);
    expect(askedEdit(long, false)).toBeNull();
  });

  it('preparing follows the mask being drawn, and actions leave the state they were given untouched', () => {
    const before = fresh();
    const preparing = run(before, { type: 'preparing', preparing: true });
    expect(preparing.preparing).toBe(true);
    expect(run(preparing, { type: 'preparing', preparing: false }).preparing).toBe(false);
    expect(before.preparing).toBe(false);
  });
});
