// Billing: token packs, the subscription, Stripe's checkout and webhook, a team's seats.
// Its routes and their bodies; shared/api-routes.ts merges every area's routes into the one apiRoutes table.
import * as z from 'zod/mini';
import { TEAM_LIMITS } from '../team-rules.ts';
import { Language } from './common.ts';
import { route } from './route.ts';

/** `tokens` must match the plan (clients send it); the server charges from shared/catalogue.ts. */
export const CheckoutRequest = z.strictObject({ tokens: z.number(), lang: z.optional(Language) });

export const CheckoutUrl = z.object({ checkout_url: z.string() });

export const DashboardUrl = z.object({ dashboard_url: z.string() });

export const SubscriptionStatus = z.object({ hasActiveSubscription: z.boolean() });

export const WebhookAck = z.object({ received: z.boolean() });

export const SeatCheckoutRequest = z.strictObject({
  quantity: z.int().check(z.gte(TEAM_LIMITS.minSeatsPerCheckout), z.lte(TEAM_LIMITS.maxSeatsPerCheckout)),
  lang: z.optional(Language),
});

export const SeatCheckout = z.object({ url: z.string() });

/**
 * A team's seat purchase (docs/payments.md, "Team seats"): paid (its seats credited; `invoice_url`, the
 * invoice's page at Stripe, once made), or paid by bank debit and not yet confirmed (`pending`), or refused
 * by the bank (`failed`: no seats, nothing charged). `id` is the checkout session's.
 */
export const SeatPurchase = z.object({
  id: z.string(),
  state: z.enum(['pending', 'failed', 'paid']),
  seats: z.number(),
  amount_cents: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  invoice_url: z.nullable(z.string()),
  invoice_number: z.nullable(z.string()),
});

export type SeatPurchase = z.infer<typeof SeatPurchase>;

/** Newest first. */
export const SeatPurchases = z.object({ purchases: z.array(SeatPurchase) });

export const billingRoutes = {
  billingDashboard: route({
    method: 'GET',
    path: '/stripe_dashboard',
    group: 'billing',
    access: 'user',
    response: DashboardUrl,
  }),
  checkSubscription: route({
    method: 'GET',
    path: '/check_subscription',
    group: 'billing',
    access: 'user',
    response: SubscriptionStatus,
  }),
  checkoutOneTime: route({
    method: 'POST',
    path: '/checkout/one-time/{priceId}',
    group: 'billing',
    access: 'user',
    request: CheckoutRequest,
    response: CheckoutUrl,
  }),
  checkoutSubscription: route({
    method: 'POST',
    path: '/checkout/subscription/{priceId}',
    group: 'billing',
    access: 'user',
    request: CheckoutRequest,
    response: CheckoutUrl,
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/stripe/webhook',
    group: 'stripe-webhook',
    access: 'public',
    response: WebhookAck,
  }),
  /**
   * Owner and admins: a Stripe Checkout for `quantity` seats (invoice created). Served by the billing
   * group, which carries Stripe (the teams function does not); the same membership and role checks.
   */
  teamSeatCheckout: route({
    method: 'POST',
    path: '/teams/{teamId}/checkout/seats',
    group: 'billing',
    access: 'user',
    request: SeatCheckoutRequest,
    response: SeatCheckout,
  }),
  /**
   * Owner and admins: the team's seat purchases, newest first, with their invoices and any bank debit
   * pending or refused (a team-keyed Query). Served by the billing group, beside the seat checkout.
   */
  teamPurchases: route({
    method: 'GET',
    path: '/teams/{teamId}/purchases',
    group: 'billing',
    access: 'user',
    response: SeatPurchases,
  }),
} as const;
