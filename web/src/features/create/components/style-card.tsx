// One style (spec section 2): its preview, name, description and token cost. A click toggles it.
import type { Style } from '../../../../../shared/api-schemas.ts';
import { CheckIcon, CoinIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { styleText } from '../api/styles.ts';

export function StyleCard({
  style,
  selected,
  onToggle,
}: {
  style: Style;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t, language } = useTranslation();
  const { name, description } = styleText(style, language);
  return (
    <li className="style-card-item">
      <button
        type="button"
        className={`style-card${selected ? ' style-card--selected' : ''}`}
        aria-pressed={selected}
        data-testid="style-card"
        data-style-id={style.id}
        onClick={onToggle}
      >
        <span className="style-card__image">
          <img src={style.image_url} alt="" width={384} height={384} loading="lazy" decoding="async" />
          {selected && (
            <span className="style-card__check">
              <CheckIcon />
              <span className="visually-hidden">{t('create.selectedBadge')}</span>
            </span>
          )}
        </span>
        <span className="style-card__body">
          <span className="style-card__name">{name}</span>
          <span className="style-card__description">{description}</span>
          <span className="style-card__footer">
            <span className="style-card__cost" data-testid="style-cost">
              <CoinIcon />
              {t('create.cost', { count: style.token_cost })}
            </span>
            {style.accepts_choices && (
              <span className="style-card__choices" data-testid="takes-choices">
                {t('create.takesChoices')}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}
