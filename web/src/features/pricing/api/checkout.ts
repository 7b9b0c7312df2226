// Checkout and the subscription check. The browser sends only the plan's id (and
// its token count, as the product's client does): the server prices it from shared/catalogue.ts.
import { useEffect, useState } from 'react';
import type { SubscriptionPlan, TokenPack } from '#shared/catalogue.ts';
import { api } from '../../../lib/api-client.ts';

/** Only a web address may replace the page: never a `javascript:` URL, whatever the server sends. */
function checkoutAddress(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed?.protocol !== 'https:' && parsed?.protocol !== 'http:') {
    throw new Error(`The checkout answered an unusable address: ${url}`);
  }
  return parsed.href;
}

/** Opens the payment provider's checkout for a plan: resolves as the page is being replaced. */
export async function redirectToCheckout(plan: TokenPack | SubscriptionPlan): Promise<void> {
  const request = { params: { priceId: plan.id }, body: { tokens: plan.tokens } };
  const { checkout_url } =
    plan.kind === 'one-time'
      ? await api('checkoutOneTime', request)
      : await api('checkoutSubscription', request);
  window.location.assign(checkoutAddress(checkout_url));
}

export type SubscriptionState = 'signed-out' | 'loading' | 'active' | 'inactive';

/**
 * Whether the signed-in user already subscribes (GET /check_subscription), asked only when signed in. A failed check reads as "not subscribed": the page offers to
 * subscribe and never claims a subscription. The answer lives in the app's query client (loaded here only
 * for a signed-in visitor, so the public page stays light), where a checkout's return marks it out of date;
 * `recheck` asks again (the server said otherwise).
 */
export function useSubscriptionState(signedIn: boolean, recheck = 0): SubscriptionState {
  const [answer, setAnswer] = useState<'active' | 'inactive' | null>(null);
  const checking = signedIn;
  useEffect(() => {
    if (!checking) return;
    let current = true;
    setAnswer(null);
    import('../../../lib/server-state.tsx')
      .then(({ queryClient, routeQuery }) =>
        queryClient.fetchQuery({ ...routeQuery('checkSubscription'), staleTime: recheck ? 0 : 60_000 }),
      )
      .then(
        ({ hasActiveSubscription }) =>
          current && setAnswer(hasActiveSubscription === true ? 'active' : 'inactive'),
        (error: unknown) => {
          console.error('Subscription check', error);
          if (current) setAnswer('inactive');
        },
      );
    return () => {
      current = false;
    };
  }, [checking, recheck]);
  if (checking && answer !== 'inactive') return answer ?? 'loading';
  return signedIn ? 'inactive' : 'signed-out';
}
