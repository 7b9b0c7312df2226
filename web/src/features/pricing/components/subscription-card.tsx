// The featured subscription card: 100 tokens a month, and one of its states:
// visitor ('Log in to Subscribe'), checking, active ('Manage Subscription') or Subscribe; or, while the
// API does not serve subscribing, no button and a line saying so.
import { Link } from 'react-router';
import { formatPrice, SUBSCRIPTION } from '#shared/catalogue.ts';
import { StaticContent } from '../../../components/static-content.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { loginToBuyPath } from '../../../lib/purchase-intent.ts';
import { useStrings } from '../../../lib/strings.ts';
import type { SubscriptionState } from '../api/checkout.ts';
import { SubscriptionFeatures, SubscriptionIntro, SubscriptionTerms } from '../content/pricing-copy.tsx';
import { PRICING_STRINGS } from '../pricing-strings.ts';

interface SubscriptionCardProps {
  state: SubscriptionState;
  /** which of this card's actions is starting, if any */
  loading: 'subscribe' | 'manage' | null;
  disabled: boolean;
  onSubscribe(): void;
  onManage(): void;
}

export function SubscriptionCard({ state, loading, disabled, onSubscribe, onManage }: SubscriptionCardProps) {
  const s = useStrings(PRICING_STRINGS);
  const lang = useLanguage();
  return (
    <article
      className="price-card price-card--featured"
      aria-labelledby="subscription-title"
      data-testid="subscription-card"
      data-state={state}
    >
      <StaticContent id="subscription-intro" className="price-card__intro">
        {import.meta.env.SSR && <SubscriptionIntro titleId="subscription-title" />}
      </StaticContent>
      <StaticContent id="subscription-terms" className="price-card__choice">
        {import.meta.env.SSR && <SubscriptionTerms />}
      </StaticContent>
      <div className="price-card__price">
        <span className="price-card__amount">{formatPrice(SUBSCRIPTION.priceCents, lang)}</span>
        <span className="price-card__period">{s.perMonth}</span>
      </div>
      <p className="price-card__tokens">{s.everyMonth(SUBSCRIPTION.tokens)}</p>
      <div className="price-card__action" aria-live="polite">
        {state === 'signed-out' && (
          <Link
            to={loginToBuyPath(SUBSCRIPTION.id, lang)}
            className={buttonClass({ size: 'lg', block: true })}
          >
            {s.logInToSubscribe}
          </Link>
        )}
        {state === 'loading' && (
          <p className="price-card__status" role="status">
            <Spinner size="sm" />
            {s.checkingSubscription}
          </p>
        )}
        {state === 'active' && (
          <>
            <p className="price-card__status price-card__status--active">
              <CheckCircleIcon />
              {s.activeSubscription}
            </p>
            <Button
              size="lg"
              block
              variant="secondary"
              loading={loading === 'manage'}
              disabled={disabled}
              onClick={onManage}
            >
              {s.manageSubscription}
            </Button>
          </>
        )}
        {state === 'inactive' && (
          <Button size="lg" block loading={loading === 'subscribe'} disabled={disabled} onClick={onSubscribe}>
            {s.subscribe}
          </Button>
        )}
      </div>
      <StaticContent id="subscription-features">
        {import.meta.env.SSR && <SubscriptionFeatures />}
      </StaticContent>
    </article>
  );
}
