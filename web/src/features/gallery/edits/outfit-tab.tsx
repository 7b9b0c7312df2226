// "Outfit" in the edit panel (edit-panel.tsx): the outfits, one to pick.
import { OUTFIT_IDS } from '#shared/style-choices.ts';
import { OutfitSwatch } from '../../../components/choices/choice-swatch.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { EditChoice } from './edit-choice.tsx';
import type { EditTabProps } from './edit-tab-props.ts';

export function OutfitTab({ state, dispatch }: EditTabProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="edit-panel__lead">{t('gallery.editLead_outfit')}</p>
      <ul className="edit-choices edit-choices--swatches">
        {OUTFIT_IDS.map((id) => (
          <EditChoice
            key={id}
            value={id}
            testId="edit-outfit"
            picked={state.outfit === id}
            onPick={() => dispatch({ type: 'outfit', outfit: id })}
            swatch={<OutfitSwatch id={id} />}
            name={t(`choices.outfit.${id}`)}
          />
        ))}
      </ul>
    </>
  );
}
