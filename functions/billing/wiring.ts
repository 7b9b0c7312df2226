// Builds the billing function's adapters from its config, once per cold start (the webhook's:
// webhook-wiring.ts): the packs' and subscriptions' checkouts, and a team's seat checkout (the one team route
// that needs Stripe, served here so the teams function carries no Stripe SDK).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { StripeConfig, TableConfig } from '#platform/config.ts';
import { readSecret } from '#platform/secrets.ts';
import { createStripeClient } from '#platform/stripe/stripe-client.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import { DynamoTeamAccess } from '../teams/adapters.ts';
import type { SeatCheckoutDeps } from '../teams/public.ts';
import type { BillingDeps } from './domain/checkout.ts';
import { DynamoBillingStore } from './dynamodb/billing-store.ts';
import { DynamoSeatCheckouts } from './dynamodb/seat-checkouts.ts';
import { StripePayments } from './stripe/stripe-payments.ts';
import { StripeSeatCheckout } from './stripe/stripe-seats.ts';

/** The billing group's routes' dependencies: the personal checkouts', and a team's seat checkout's. */
export type BillingGroupDeps = BillingDeps & { teamSeats: SeatCheckoutDeps };

async function stripeFor(config: StripeConfig): Promise<Stripe> {
  return createStripeClient({
    secretKey: await readSecret(config.stripeSecretKey),
    apiUrl: config.stripeApiUrl,
  });
}

export async function buildBillingDeps(
  config: TableConfig & StripeConfig & { webUrl: string },
  db: DynamoDBDocumentClient,
): Promise<BillingGroupDeps> {
  const stripe = await stripeFor(config);
  const seatPrice = config.stripePriceIds[TEAM_SEAT.id];
  const store = new DynamoBillingStore(db, config.tableName);
  return {
    provider: new StripePayments(stripe),
    store,
    clock: systemClock,
    ids: cryptoIds,
    priceIds: config.stripePriceIds,
    webUrl: config.webUrl,
    teamSeats: {
      // The caller's team pointer and the team, to check they are its owner or an admin.
      teams: new DynamoTeamAccess(db, config.tableName),
      clock: systemClock,
      ids: cryptoIds,
      webUrl: config.webUrl,
      ...(seatPrice
        ? {
            seats: {
              provider: new StripeSeatCheckout(stripe, seatPrice),
              records: new DynamoSeatCheckouts(db, config.tableName),
              priceCents: TEAM_SEAT.priceCents,
              accounts: store,
            },
          }
        : {}),
    },
  };
}
