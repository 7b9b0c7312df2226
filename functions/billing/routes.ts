// Thin route handlers of the billing group: checkout, the subscription check, the billing dashboard, and a
// team's seat checkout and its purchases (its owner and admins only: functions/teams/domain/seat-checkout.ts checks).

import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { seatCheckout, seatPurchases } from '../teams/public.ts';
import { checkSubscription, openBillingDashboard, startCheckout } from './domain/checkout.ts';
import type { BillingGroupDeps } from './wiring.ts';

export const billingRoutes = (deps: BillingGroupDeps): RouteHandlers<'billing'> => ({
  checkoutOneTime: ({ user, params, body }) =>
    startCheckout(deps, user, 'payment', params.priceId ?? '', body),
  checkoutSubscription: ({ user, params, body }) =>
    startCheckout(deps, user, 'subscription', params.priceId ?? '', body),
  checkSubscription: ({ user }) => checkSubscription(deps, user),
  billingDashboard: ({ user }) => openBillingDashboard(deps, user),
  teamSeatCheckout: ({ user, params, body }) => seatCheckout(deps.teamSeats, user, params.teamId ?? '', body),
  teamPurchases: ({ user, params }) => seatPurchases(deps.teamSeats, user, params.teamId ?? ''),
});
