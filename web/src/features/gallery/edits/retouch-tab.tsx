// "Retouch" in the edit panel (edit-panel.tsx): the retouch levels, each with its hint.
import { RETOUCH_LEVELS } from '#shared/edit-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { EditChoice } from './edit-choice.tsx';
import type { EditTabProps } from './edit-tab-props.ts';

export function RetouchTab({ state, dispatch }: EditTabProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="edit-panel__lead">{t('gallery.editLead_retouch')}</p>
      <ul className="edit-choices">
        {RETOUCH_LEVELS.map((l) => (
          <EditChoice
            key={l}
            value={l}
            testId="edit-level"
            picked={state.level === l}
            onPick={() => dispatch({ type: 'level', level: l })}
            name={t(`gallery.retouch_${l}`)}
            hint={t(`gallery.retouchHint_${l}`)}
          />
        ))}
      </ul>
    </>
  );
}
