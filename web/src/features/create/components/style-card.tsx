// One style: its preview, name, description and token cost. A click toggles it. Beside the
// cost, what the balance can buy of it: enough for how many avatars, or how many tokens
// are missing and the pack that covers them, whose link opens that pack's checkout. The link sits outside
// the card's button (a link cannot live in a button), over the card's foot.
import { Link } from 'react-router';
import type { Style } from '#shared/api-schemas.ts';
import { formatPrice } from '#shared/catalogue.ts';
import { CheckIcon, CoinIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { checkoutPath, rememberPurchase } from '../../../lib/purchase-intent.ts';
import { affordabilityOf } from '../affordability.ts';
import { styleText } from '../api/styles.ts';

export function StyleCard({
  style,
  selected,
  balance,
  team = false,
  onToggle,
}: {
  style: Style;
  selected: boolean;
  /** the user's tokens, null until known */
  balance: number | null;
  /** a team member's create: paid from the team's allowance, not in tokens */
  team?: boolean;
  onToggle: () => void;
}) {
  const { t, language } = useTranslation();
  const { name, description } = styleText(style, language);
  const can = affordabilityOf(style.token_cost, balance);
  const statusId = `style-${style.id}-status`;
  return (
    <li className={`style-card-item${can.kind === 'short' ? ' style-card-item--short' : ''}`}>
      <button
        type="button"
        className={`style-card${selected ? ' style-card--selected' : ''}`}
        aria-pressed={selected}
        aria-describedby={can.kind === 'unknown' ? undefined : statusId}
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
          <span className="style-card__price">
            {team ? (
              <span className="style-card__team" data-testid="style-team">
                {t('create.teamCard')}
              </span>
            ) : (
              <span className="style-card__cost" data-testid="style-cost">
                <CoinIcon />
                {t('create.cost', { count: style.token_cost })}
              </span>
            )}
            {can.kind !== 'unknown' && (
              <span
                id={statusId}
                className={`style-card__status style-card__status--${can.kind}`}
                data-testid="style-affordability"
              >
                {can.kind === 'enough'
                  ? t('create.enoughFor', { count: can.avatars })
                  : t('create.tokensMissing', { count: can.missing })}
              </span>
            )}
            {style.accepts_choices && (
              <span className="style-card__choices" data-testid="takes-choices">
                {t('create.takesChoices')}
              </span>
            )}
          </span>
        </span>
      </button>
      {can.kind === 'short' && (
        <Link
          to={checkoutPath(can.pack.id, language)}
          onClick={() => rememberPurchase(can.pack.id)}
          className="style-card__buy"
          data-testid="style-buy-pack"
        >
          {t('create.buyPack', {
            tokens: can.pack.tokens,
            price: formatPrice(can.pack.priceCents, language),
          })}
        </Link>
      )}
    </li>
  );
}
