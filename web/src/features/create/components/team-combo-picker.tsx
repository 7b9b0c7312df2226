// A team member's backdrop and outfit (docs/product.md, "Teams"): only the combinations their team allows,
// one at a time (every picked backdrop with every picked outfit would make combinations the team did not
// allow). Each is a radio; the first is picked to start with.
import type { TeamCombo } from '#shared/api-schemas.ts';
import { BackdropSwatch, OutfitSwatch } from '../../../components/choices/choice-swatch.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export const comboKey = (c: TeamCombo): string => `${c.backdrop}+${c.outfit}`;

export function TeamComboPicker({
  combos,
  picked,
  onPick,
}: {
  combos: TeamCombo[];
  picked: string;
  onPick: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card choice-picker" aria-labelledby="team-combos-title" data-testid="team-combos">
      <header className="choice-picker__header">
        <h2 id="team-combos-title">{t('create.teamCombosTitle')}</h2>
        <p className="muted">{t('create.teamCombosHint')}</p>
      </header>
      <ul className="choice-grid team-combos">
        {combos.map((c) => {
          const key = comboKey(c);
          const on = key === picked;
          return (
            <li key={key}>
              <label
                className={`choice team-combo${on ? ' choice--picked' : ''}`}
                data-testid="team-combo"
                data-combo={key}
              >
                <input
                  type="radio"
                  name="team-combo"
                  className="visually-hidden"
                  checked={on}
                  onChange={() => onPick(key)}
                />
                <span className="team-combo__swatches">
                  <span className="choice__swatch">
                    <BackdropSwatch id={c.backdrop} />
                  </span>
                  <span className="choice__swatch">
                    <OutfitSwatch id={c.outfit} />
                  </span>
                </span>
                <span className="choice__name">
                  {t('choices.summary', {
                    backdrop: t(`choices.backdrop.${c.backdrop}`),
                    outfit: t(`choices.outfit.${c.outfit}`),
                  })}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
