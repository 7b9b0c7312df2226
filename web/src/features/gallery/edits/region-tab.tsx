// "Fix one region" in the edit panel (edit-panel.tsx): the brush's tools and size, a warning once the
// region covers too much of the picture, and what to change there (counted as typed).
import { EDIT_MESSAGES, EDIT_PROMPT_MAX_LENGTH } from '#shared/edit-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { promptLength, promptLong } from './edit-panel-state.ts';
import type { EditTabProps } from './edit-tab-props.ts';

export function RegionTab({
  state,
  dispatch,
  uid,
  width,
  height,
  coversTooMuch,
}: EditTabProps & { uid: string; width: number; height: number; coversTooMuch: boolean }) {
  const { t, language } = useTranslation();
  const { strokes, mode, size, prompt } = state;
  const long = promptLong(state);
  return (
    <>
      <p className="edit-panel__lead">{t('gallery.editLead_region')}</p>
      <div className="brush-tools" role="toolbar" aria-label={t('gallery.brushTools')}>
        {(['brush', 'eraser'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className="brush-tools__mode"
            aria-pressed={mode === m}
            onClick={() => dispatch({ type: 'brushMode', mode: m })}
            data-testid={`brush-${m}`}
          >
            {t(`gallery.brush_${m}`)}
          </button>
        ))}
        <button
          type="button"
          className="brush-tools__mode"
          onClick={() => dispatch({ type: 'undoStroke' })}
          disabled={!strokes.length}
          data-testid="brush-undo"
        >
          {t('gallery.brushUndo')}
        </button>
        <button
          type="button"
          className="brush-tools__mode"
          onClick={() => dispatch({ type: 'clearStrokes' })}
          disabled={!strokes.length}
          data-testid="brush-clear"
        >
          {t('gallery.brushClear')}
        </button>
      </div>
      <label className="brush-size">
        <span>{t('gallery.brushSize')}</span>
        <input
          type="range"
          min={Math.max(4, Math.round(Math.min(width, height) / 100))}
          max={Math.round(Math.min(width, height) / 5)}
          value={size}
          onChange={(e) => dispatch({ type: 'brushSize', size: Number(e.target.value) })}
          data-testid="brush-size"
        />
      </label>
      {coversTooMuch && (
        <p className="field__error" role="alert" data-testid="brush-too-much">
          {EDIT_MESSAGES.maskTooLarge[language]}
        </p>
      )}
      <div className={`field${long ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${uid}-prompt`}>
          {t('gallery.regionPrompt')}
        </label>
        <textarea
          id={`${uid}-prompt`}
          className="field__input edit-panel__prompt"
          rows={3}
          value={prompt}
          placeholder={t('gallery.regionPromptExample')}
          aria-invalid={long ? true : undefined}
          aria-describedby={`${uid}-count`}
          onChange={(e) => dispatch({ type: 'prompt', prompt: e.target.value })}
          data-testid="region-prompt"
        />
        <p
          id={`${uid}-count`}
          className={`edit-panel__count${long ? ' edit-panel__count--over' : ''}`}
          aria-live="polite"
          data-testid="prompt-count"
        >
          {t('gallery.regionPromptCount', { count: promptLength(state), max: EDIT_PROMPT_MAX_LENGTH })}
        </p>
        {long && (
          <p className="field__error" data-testid="prompt-error">
            {EDIT_MESSAGES.promptTooLong[language]}
          </p>
        )}
      </div>
    </>
  );
}
