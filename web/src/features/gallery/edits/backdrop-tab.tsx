// "Backdrop" in the edit panel (edit-panel.tsx): the backdrops, and for the plain one its colour, picked
// from a palette or typed.
import { EDIT_MESSAGES } from '#shared/edit-rules.ts';
import { BACKDROP_IDS } from '#shared/style-choices.ts';
import { BackdropSwatch } from '../../../components/choices/choice-swatch.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { EditChoice } from './edit-choice.tsx';
import { PALETTE } from './edit-options.ts';
import { colourOk } from './edit-panel-state.ts';
import type { EditTabProps } from './edit-tab-props.ts';

export function BackdropTab({ state, dispatch, uid }: EditTabProps & { uid: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="edit-panel__lead">{t('gallery.editLead_backdrop')}</p>
      <ul className="edit-choices edit-choices--swatches">
        {BACKDROP_IDS.map((id) => (
          <EditChoice
            key={id}
            value={id}
            testId="edit-backdrop"
            picked={state.backdrop === id}
            onPick={() => dispatch({ type: 'backdrop', backdrop: id })}
            swatch={<BackdropSwatch id={id} />}
            name={t(`choices.backdrop.${id}`)}
          />
        ))}
      </ul>
      {state.backdrop === 'plain-colour' && <ColourPicker state={state} dispatch={dispatch} uid={uid} />}
    </>
  );
}

function ColourPicker({ state, dispatch, uid }: EditTabProps & { uid: string }) {
  const { t, language } = useTranslation();
  const { colour, colourTyped } = state;
  const ok = colourOk(state);
  return (
    <fieldset className="colour-picker" data-testid="colour-picker">
      <legend>{t('gallery.colourPalette')}</legend>
      <div className="colour-picker__palette">
        {PALETTE.map((c) => (
          <button
            key={c}
            type="button"
            className="colour-picker__swatch"
            style={{ background: c }}
            aria-pressed={colour.toLowerCase() === c}
            aria-label={c}
            title={c}
            onClick={() => dispatch({ type: 'paletteColour', colour: c })}
          />
        ))}
      </div>
      <div className={`field${colourTyped && !ok ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${uid}-colour`}>
          {t('gallery.colourLabel')}
        </label>
        <div className="colour-picker__typed">
          <span
            className="colour-picker__shown"
            style={{ background: ok ? colour : 'transparent' }}
            aria-hidden="true"
          />
          <input
            id={`${uid}-colour`}
            className="field__input"
            value={colour}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={colourTyped && !ok ? true : undefined}
            aria-describedby={colourTyped && !ok ? `${uid}-colour-error` : undefined}
            onChange={(e) => dispatch({ type: 'typedColour', colour: e.target.value })}
            data-testid="edit-colour"
          />
        </div>
        {colourTyped && !ok && (
          <p id={`${uid}-colour-error`} className="field__error" data-testid="colour-error">
            {EDIT_MESSAGES.colour[language]}
          </p>
        )}
      </div>
    </fieldset>
  );
}
