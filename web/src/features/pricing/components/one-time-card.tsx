// The one-time card: the pack selector (first pack by default), the chosen pack's price
// and tokens, and Buy, or 'Log in to Buy' for a visitor. While the API does not serve checkout, no button:
// a line saying so, and for a visitor the way to the free tokens. Its fixed copy is prerendered only.
import { useId } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PACK, findPack, formatPrice, TOKEN_PACKS, type TokenPack } from '#shared/catalogue.ts';
import { StaticContent } from '../../../components/static-content.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useLanguage, useLocalizedPath } from '../../../lib/language.ts';
import { loginToBuyPath } from '../../../lib/purchase-intent.ts';
import { useStrings } from '../../../lib/strings.ts';
import { OneTimeFeatures, OneTimeIntro } from '../content/pricing-copy.tsx';
import { PRICING_STRINGS } from '../pricing-strings.ts';

interface OneTimeCardProps {
  pack: TokenPack;
  onPackChange(pack: TokenPack): void;
  signedIn: boolean;
  /** this card's checkout is starting */
  loading: boolean;
  /** another action is under way */
  disabled: boolean;
  onBuy(): void;
}

export function OneTimeCard({ pack, onPackChange, signedIn, loading, disabled, onBuy }: OneTimeCardProps) {
  const s = useStrings(PRICING_STRINGS);
  const lang = useLanguage();
  const _path = useLocalizedPath();
  const selectId = useId();
  return (
    // The navbar's Tokens link leads here.
    <article id="tokens" className="price-card" aria-labelledby="one-time-title">
      <StaticContent id="one-time-intro" className="price-card__intro">
        {import.meta.env.SSR && <OneTimeIntro titleId="one-time-title" />}
      </StaticContent>
      <div className="price-card__choice">
        <label htmlFor={selectId} className="price-card__label">
          {s.packLabel}
        </label>
        <div className="price-card__select">
          <select
            id={selectId}
            value={pack.id}
            onChange={(e) => onPackChange(findPack(e.target.value) ?? DEFAULT_PACK)}
          >
            {TOKEN_PACKS.map((p) => (
              <option key={p.id} value={p.id}>
                {s.packOption(p.tokens, formatPrice(p.priceCents, lang))}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="price-card__price" aria-live="polite">
        <span className="price-card__amount" data-testid="pack-price">
          {formatPrice(pack.priceCents, lang)}
        </span>
        <span className="price-card__period">{s.oneTimePayment}</span>
      </div>
      <p className="price-card__tokens" data-testid="pack-tokens">
        {s.tokens(pack.tokens)}
      </p>
      <div className="price-card__action">
        {signedIn ? (
          <Button size="lg" block variant="secondary" loading={loading} disabled={disabled} onClick={onBuy}>
            {s.buy(pack.tokens)}
          </Button>
        ) : (
          // Back to this pack's checkout once logged in or signed up.
          <Link
            to={loginToBuyPath(pack.id, lang)}
            className={buttonClass({ size: 'lg', block: true, variant: 'secondary' })}
          >
            {s.logInToBuy}
          </Link>
        )}
      </div>
      <StaticContent id="one-time-features">{import.meta.env.SSR && <OneTimeFeatures />}</StaticContent>
    </article>
  );
}
