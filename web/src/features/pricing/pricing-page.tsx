// /pricing: the one-time card with its pack selector, the featured
// subscription card, the error line below them, notes, the subscription FAQ and the structured data.
// Checkout and the subscription check go through the typed API client; until the API serves them, the cards
// show the prices and no button (shared/api-routes.ts `served`). A failed checkout shows on the product's error
// line below the cards and, since that line can be far below the button on a phone, in a toast too.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PACK, SUBSCRIPTION, type TokenPack } from '#shared/catalogue.ts';
import { openBillingDashboard } from '../../components/layout/open-billing-dashboard.ts';
import { LikenessGuarantee } from '../../components/likeness-guarantee.tsx';
import { StaticContent } from '../../components/static-content.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { BUY_PARAM, forgetPurchase, pendingPurchase } from '../../lib/purchase-intent.ts';
import { useSession } from '../../lib/session.tsx';
import { useStrings } from '../../lib/strings.ts';
import { toast } from '../../lib/toasts.ts';
import { redirectToCheckout, useSubscriptionState } from './api/checkout.ts';
import { useCheckoutCancelled } from './checkout-cancelled.ts';
import { OneTimeCard } from './components/one-time-card.tsx';
import { SubscriptionCard } from './components/subscription-card.tsx';
import { PricingFaq, PricingIntro, PricingNotes } from './content/pricing-copy.tsx';
import { PRICING_STRINGS } from './pricing-strings.ts';
import './pricing.css';

type Action = 'buy' | 'subscribe' | 'manage';

export default function PricingPage() {
  const s = useStrings(PRICING_STRINGS);
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const [recheck, setRecheck] = useState(0);
  const subscription = useSubscriptionState(signedIn, recheck);
  useCheckoutCancelled();
  const [pack, setPack] = useState<TokenPack>(DEFAULT_PACK);
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Back from the payment provider, the browser may show this page from its cache, buttons still loading.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setBusy(null);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /** Runs an action that ends in a full-page redirect; a failure shows `failure` on the error line. */
  const start = async (action: Action, redirect: () => Promise<void>, failure: string) => {
    setBusy(action);
    setError(null);
    try {
      await redirect();
    } catch (e) {
      console.error(`Pricing: ${action}`, e);
      // Subscribed meanwhile (another tab): the card turns to its active state, with Manage Subscription.
      if (isApiError(e) && e.code === 'SUBSCRIPTION_EXISTS') {
        setRecheck((n) => n + 1);
        setBusy(null);
        return;
      }
      setError(failure);
      toast.error(failure);
      setBusy(null);
    }
  };

  // Signed in after "Log in to Buy", or "Buy 10 tokens" on a style (lib/purchase-intent.ts): the plan this
  // browser asked for opens its checkout once, here. A ?buy= it did not ask for only leaves the address.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const intentTaken = useRef(false);
  const wanted = params.get(BUY_PARAM);
  useEffect(() => {
    if (!wanted || intentTaken.current || !signedIn) return;
    const plan = pendingPurchase();
    const isSubscription = plan?.kind === 'subscription';
    // The subscription waits for the check: someone who already subscribes gets Manage, not a checkout.
    if (isSubscription && (subscription === 'loading' || subscription === 'signed-out')) return;
    intentTaken.current = true;
    forgetPurchase();
    navigate({ search: '', hash: isSubscription ? '' : '#tokens' }, { replace: true });
    if (!plan || plan.id !== wanted) return;
    if (plan.kind === 'one-time') {
      setPack(plan);
      void start('buy', () => redirectToCheckout(plan), s.paymentFailed);
    } else if (subscription === 'inactive') {
      void start('subscribe', () => redirectToCheckout(SUBSCRIPTION), s.subscriptionFailed);
    }
  });

  return (
    <div className="pricing">
      <title>{s.title}</title>
      <meta name="description" content={s.description} />
      <StaticContent as="section" id="pricing-intro" className="container pricing__intro">
        {import.meta.env.SSR && <PricingIntro />}
      </StaticContent>
      <div className="container pricing__plans">
        <OneTimeCard
          pack={pack}
          onPackChange={setPack}
          signedIn={signedIn}
          loading={busy === 'buy'}
          disabled={busy !== null}
          onBuy={() => void start('buy', () => redirectToCheckout(pack), s.paymentFailed)}
        />
        <SubscriptionCard
          state={subscription}
          loading={busy === 'buy' ? null : busy}
          disabled={busy !== null}
          onSubscribe={() =>
            void start('subscribe', () => redirectToCheckout(SUBSCRIPTION), s.subscriptionFailed)
          }
          onManage={() => void start('manage', openBillingDashboard, t('billing.dashboardFailed'))}
        />
      </div>
      <div className="container pricing__error" data-testid="pricing-error">
        {error && <Alert kind="error">{error}</Alert>}
      </div>
      <StaticContent id="pricing-guarantee" className="container">
        {import.meta.env.SSR && <LikenessGuarantee headingLevel={2} />}
      </StaticContent>
      <StaticContent id="pricing-notes" className="container">
        {import.meta.env.SSR && <PricingNotes />}
      </StaticContent>
      <StaticContent as="section" id="pricing-faq" className="container pricing-faq">
        {import.meta.env.SSR && <PricingFaq />}
      </StaticContent>
    </div>
  );
}
