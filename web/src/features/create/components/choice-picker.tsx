// Backdrop and outfit: swatches with names, each a toggle button (Tab to reach, Space or Enter
// to pick), for the styles that accept them (marked on their cards). Every picked backdrop with every picked
// outfit is one avatar of each such style; none picked keeps the style's own look.
import {
  BACKDROP_IDS,
  type BackdropId,
  OUTFIT_IDS,
  type OutfitId,
  type StyleChoices,
} from '#shared/style-choices.ts';
import { BackdropSwatch, OutfitSwatch } from '../../../components/choices/choice-swatch.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { combinationCount } from '../readiness.ts';

const toggled = <T,>(list: T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

function ChoiceButton({
  picked,
  onToggle,
  swatch,
  name,
  kind,
  id,
}: {
  picked: boolean;
  onToggle: () => void;
  swatch: React.ReactNode;
  name: string;
  kind: 'backdrop' | 'outfit';
  id: string;
}) {
  return (
    <li>
      <button
        type="button"
        className={`choice${picked ? ' choice--picked' : ''}`}
        aria-pressed={picked}
        onClick={onToggle}
        data-testid={`${kind}-choice`}
        data-choice={id}
      >
        <span className="choice__swatch">{swatch}</span>
        <span className="choice__name">{name}</span>
      </button>
    </li>
  );
}

export function ChoicePicker({
  choices,
  onChange,
}: {
  choices: StyleChoices;
  onChange: (next: StyleChoices) => void;
}) {
  const { t } = useTranslation();
  const count = combinationCount(choices);
  return (
    <section className="card choice-picker" aria-labelledby="choice-picker-title" data-testid="choice-picker">
      <header className="choice-picker__header">
        <h2 id="choice-picker-title">{t('create.choicesTitle')}</h2>
        <p className="muted">{t('create.choicesHint')}</p>
      </header>
      <fieldset className="choice-picker__group">
        <legend>{t('create.backdrops')}</legend>
        <ul className="choice-grid">
          {BACKDROP_IDS.map((id: BackdropId) => (
            <ChoiceButton
              key={id}
              kind="backdrop"
              id={id}
              picked={choices.backdrops.includes(id)}
              onToggle={() => onChange({ ...choices, backdrops: toggled(choices.backdrops, id) })}
              swatch={<BackdropSwatch id={id} />}
              name={t(`choices.backdrop.${id}`)}
            />
          ))}
        </ul>
      </fieldset>
      <fieldset className="choice-picker__group">
        <legend>{t('create.outfits')}</legend>
        <ul className="choice-grid">
          {OUTFIT_IDS.map((id: OutfitId) => (
            <ChoiceButton
              key={id}
              kind="outfit"
              id={id}
              picked={choices.outfits.includes(id)}
              onToggle={() => onChange({ ...choices, outfits: toggled(choices.outfits, id) })}
              swatch={<OutfitSwatch id={id} />}
              name={t(`choices.outfit.${id}`)}
            />
          ))}
        </ul>
      </fieldset>
      <p className="choice-picker__count" aria-live="polite" data-testid="choice-count">
        {count > 1 ? t('create.choicesCount', { count }) : t('create.choicesNone')}
      </p>
    </section>
  );
}
