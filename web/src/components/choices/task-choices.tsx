// What a task was made with: its backdrop and outfit as small swatches and names, on a gallery
// card. Nothing for a task made without a choice.
import { BACKDROP_IDS, type BackdropId, OUTFIT_IDS, type OutfitId } from '#shared/style-choices.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { BackdropSwatch, OutfitSwatch } from './choice-swatch.tsx';

const isBackdrop = (v: string | undefined): v is BackdropId => BACKDROP_IDS.includes(v as BackdropId);
const isOutfit = (v: string | undefined): v is OutfitId => OUTFIT_IDS.includes(v as OutfitId);

export function TaskChoices({ backdrop, outfit }: { backdrop?: string; outfit?: string }) {
  const { t } = useTranslation();
  const parts: { key: string; swatch: React.ReactNode; name: string }[] = [];
  if (isBackdrop(backdrop))
    parts.push({
      key: 'backdrop',
      swatch: <BackdropSwatch id={backdrop} />,
      name: t(`choices.backdrop.${backdrop}`),
    });
  if (isOutfit(outfit))
    parts.push({ key: 'outfit', swatch: <OutfitSwatch id={outfit} />, name: t(`choices.outfit.${outfit}`) });
  if (!parts.length) return null;
  const names = parts.map((p) => p.name).join(' · ');
  return (
    <p className="task-choices" data-testid="task-choices" title={t('choices.label', { choices: names })}>
      <span className="visually-hidden">{t('choices.label', { choices: names })}</span>
      {parts.map((p) => (
        <span key={p.key} className="task-choices__part" aria-hidden="true">
          {p.swatch}
          {p.name}
        </span>
      ))}
    </p>
  );
}
