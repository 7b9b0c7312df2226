// Thin route handlers of the billing group: checkout, the subscription check and the billing dashboard.
import {
  type BillingDeps,
  checkSubscription,
  openBillingDashboard,
  startCheckout,
} from '../domain/billing/checkout.ts';
import type { RouteHandlers } from '../http/group-handler.ts';

export const billingRoutes = (deps: BillingDeps): RouteHandlers<'billing'> => ({
  checkoutOneTime: ({ user, params, body }) =>
    startCheckout(deps, user, 'payment', params.priceId ?? '', body),
  checkoutSubscription: ({ user, params, body }) =>
    startCheckout(deps, user, 'subscription', params.priceId ?? '', body),
  checkSubscription: ({ user }) => checkSubscription(deps, user),
  billingDashboard: ({ user }) => openBillingDashboard(deps, user),
});
