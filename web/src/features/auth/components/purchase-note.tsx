// "Log in to Buy" leads here with ?buy=<plan>: the sign-in pages keep the plan in this
// browser and say where the sign-in will lead, with a way to drop it. The plan is named, never priced, by
// the address: the price shown comes from the catalogue, and the server charges from it too.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatPrice } from '#shared/catalogue.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import {
  BUY_PARAM,
  forgetPurchase,
  type Plan,
  pendingPurchase,
  rememberPurchase,
} from '../../../lib/purchase-intent.ts';

export function PurchaseNote({ after }: { after: 'login' | 'signup' }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const [plan, setPlan] = useState<Plan | null>(() => {
    const asked = new URLSearchParams(search).get(BUY_PARAM);
    if (asked) rememberPurchase(asked);
    return pendingPurchase();
  });
  if (!plan) return null;
  const price = formatPrice(plan.priceCents, lang);
  const what =
    plan.kind === 'subscription'
      ? t('purchase.subscription', { tokens: plan.tokens, price })
      : t('purchase.pack', { tokens: plan.tokens, price });
  const drop = () => {
    forgetPurchase();
    setPlan(null);
  };
  return (
    <div data-testid="purchase-note">
      <Alert
        kind="info"
        action={
          <Button variant="secondary" size="sm" onClick={drop}>
            {t('purchase.notNow')}
          </Button>
        }
      >
        {t(after === 'login' ? 'purchase.afterLogin' : 'purchase.afterSignup', { plan: what })}
      </Alert>
    </div>
  );
}
