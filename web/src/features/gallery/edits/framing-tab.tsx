// "Framing" in the edit panel (edit-panel.tsx): the frames, the avatar's current one not offered.
import { EDIT_ASPECTS } from '#shared/edit-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { EditChoice } from './edit-choice.tsx';
import { ASPECT_NAMES, type Aspect, isCurrentFrame, ratioOf } from './edit-options.ts';
import type { EditTabProps } from './edit-tab-props.ts';

const AspectIcon = ({ aspect }: { aspect: Aspect }) => {
  const r = ratioOf(aspect);
  const w = r >= 1 ? 36 : 36 * r;
  const h = r >= 1 ? 36 / r : 36;
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="edit-choice__aspect">
      <rect x={(40 - w) / 2} y={(40 - h) / 2} width={w} height={h} rx="2" />
    </svg>
  );
};

export function FramingTab({
  state,
  dispatch,
  width,
  height,
}: EditTabProps & { width: number; height: number }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="edit-panel__lead">{t('gallery.editLead_framing')}</p>
      <ul className="edit-choices">
        {EDIT_ASPECTS.map((a) => {
          const current = isCurrentFrame(width, height, a);
          return (
            <EditChoice
              key={a}
              value={a}
              testId="edit-aspect"
              picked={state.aspect === a}
              onPick={() => dispatch({ type: 'aspect', aspect: a })}
              disabled={current}
              swatch={<AspectIcon aspect={a} />}
              name={t(`gallery.aspect_${ASPECT_NAMES[a]}`)}
              hint={current ? `${a} · ${t('gallery.framingCurrent')}` : a}
            />
          );
        })}
      </ul>
    </>
  );
}
