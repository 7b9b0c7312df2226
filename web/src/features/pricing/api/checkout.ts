// Checkout and the subscription check (spec sections 4 and 7). The browser sends only the plan's id (and
// its token count, as the spec's client does): the server prices it from shared/catalogue.ts.
import { useEffect, useState } from 'react';
import type { SubscriptionPlan, TokenPack } from '../../../../../shared/catalogue.ts';
import { api, isServed } from '../../../lib/api-client.ts';

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

/** `unavailable`: subscribing is not served yet, so the card shows no button. */
export type SubscriptionState = 'unavailable' | 'signed-out' | 'loading' | 'active' | 'inactive';

/**
 * Whether the signed-in user already subscribes (GET /check_subscription), asked only when signed in and
 * only once the API serves the check. A failed check reads as "not subscribed": the page offers to
 * subscribe and never claims a subscription.
 */
export function useSubscriptionState(signedIn: boolean, recheck = 0): SubscriptionState {
  const [answer, setAnswer] = useState<'active' | 'inactive' | null>(null);
  const checking = signedIn && isServed('checkSubscription');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `recheck` asks again (the server said otherwise)
  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    setAnswer(null);
    api('checkSubscription', { signal: controller.signal }).then(
      ({ hasActiveSubscription }) => setAnswer(hasActiveSubscription === true ? 'active' : 'inactive'),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Subscription check', error);
        setAnswer('inactive');
      },
    );
    return () => controller.abort();
  }, [checking, recheck]);
  if (checking && answer !== 'inactive') return answer ?? 'loading';
  if (!isServed('checkoutSubscription')) return 'unavailable';
  return signedIn ? 'inactive' : 'signed-out';
}
