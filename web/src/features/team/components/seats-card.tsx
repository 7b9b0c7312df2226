// Seats (docs/product.md, "Teams"): used and bought, and a purchase of 1 to 500 more at one price each,
// tax included, in euros; the button opens Stripe Checkout, where the server prices them again.
import { useState } from 'react';
import type { MyTeam } from '#shared/api-schemas.ts';
import { formatPrice } from '#shared/catalogue.ts';
import { TEAM_LIMITS, TEAM_SEAT } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CardIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSeatCheckout } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { TeamPanel } from './panel.tsx';
import { SeatIcon } from './team-icons.tsx';

const { minSeatsPerCheckout: MIN, maxSeatsPerCheckout: MAX } = TEAM_LIMITS;

/** The quantity typed, when it is a whole number of seats one checkout may buy. */
function seatQuantity(typed: string): number | null {
  if (!/^\d{1,4}$/.test(typed.trim())) return null;
  const n = Number(typed.trim());
  return n >= MIN && n <= MAX ? n : null;
}

export function SeatsCard({ team }: { team: MyTeam }) {
  const { t, language } = useTranslation();
  const checkout = useSeatCheckout(team.team_id);
  const [typed, setTyped] = useState('5');
  const [error, setError] = useState<string | null>(null);
  const quantity = seatQuantity(typed);
  const free = Math.max(0, team.seats_total - team.seats_used);
  const share = team.seats_total ? Math.min(100, (team.seats_used / team.seats_total) * 100) : 0;

  const buy = () => {
    if (quantity === null) return;
    setError(null);
    checkout.mutate(
      { quantity, lang: language },
      { onError: (e) => setError(teamMessage(e, language, t('team.checkoutFailed'))) },
    );
  };

  return (
    <TeamPanel id="team-seats" icon={<SeatIcon />} title={t('team.seatsTitle')}>
      <div className="seats">
        <p className="seats__used" data-testid="seats-used">
          {/* French agrees with the seats used (1 place utilisée), English with the seats bought (of 1 seat). */}
          {t('team.seatsUsed', {
            count: team.seats_used,
            used: team.seats_used,
            total: team.seats_total,
            seats: t('team.seats', { count: team.seats_total }),
          })}
        </p>
        <div className="seats__bar" aria-hidden="true">
          <span style={{ width: `${share}%` }} />
        </div>
        <p className="muted seats__free">{t('team.seatsFree', { count: free })}</p>
        <p className="muted">{t('team.seatsHint', { count: TEAM_LIMITS.avatarsPerSeat })}</p>
      </div>
      <div className="seat-buy" data-testid="seat-buy">
        <label className="field">
          <span className="field__label">{t('team.quantityLabel')}</span>
          <span className="field__control">
            <input
              className="field__input"
              type="number"
              inputMode="numeric"
              min={MIN}
              max={MAX}
              step={1}
              value={typed}
              aria-invalid={quantity === null || undefined}
              aria-describedby="seat-range"
              onChange={(e) => setTyped(e.target.value)}
              data-testid="seat-quantity"
            />
          </span>
          <span id="seat-range" className={quantity === null ? 'field__error' : 'field__hint'}>
            {t('team.quantityRange', { min: MIN, max: MAX })}
          </span>
        </label>
        <dl className="seat-buy__prices">
          <div>
            <dt>{t('team.pricePerSeat')}</dt>
            <dd data-testid="seat-price">{formatPrice(TEAM_SEAT.priceCents, language)}</dd>
          </div>
          <div className="seat-buy__total">
            <dt>{t('team.totalLabel')}</dt>
            <dd data-testid="seat-total">
              {quantity === null ? '–' : formatPrice(TEAM_SEAT.priceCents * quantity, language)}
            </dd>
          </div>
        </dl>
        <p className="muted seat-buy__tax">{t('team.taxIncluded')}</p>
        {error && <Alert kind="error">{error}</Alert>}
        <Button
          block
          onClick={buy}
          disabled={quantity === null}
          loading={checkout.isPending || checkout.isSuccess}
          data-testid="buy-seats"
        >
          <CardIcon />
          {t('team.buySeats', { count: quantity ?? 0 })}
        </Button>
      </div>
    </TeamPanel>
  );
}
