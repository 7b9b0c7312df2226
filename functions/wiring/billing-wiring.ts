// Builds the billing function's adapters from its config, once per cold start (the webhook's:
// webhook-wiring.ts).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { DynamoBillingStore } from '../adapters/dynamodb/billing-store.ts';
import { readSecret } from '../adapters/secrets.ts';
import { createStripeClient } from '../adapters/stripe/stripe-client.ts';
import { StripePayments } from '../adapters/stripe/stripe-payments.ts';
import { cryptoIds, systemClock } from '../adapters/system.ts';
import type { StripeConfig, TableConfig } from '../config.ts';
import type { BillingDeps } from '../domain/billing/checkout.ts';

export async function stripeFor(config: StripeConfig): Promise<Stripe> {
  return createStripeClient({
    secretKey: await readSecret(config.stripeSecretKey),
    apiUrl: config.stripeApiUrl,
  });
}

export async function buildBillingDeps(
  config: TableConfig & StripeConfig & { webUrl: string },
  db: DynamoDBDocumentClient,
): Promise<BillingDeps> {
  return {
    provider: new StripePayments(await stripeFor(config)),
    store: new DynamoBillingStore(db, config.tableName),
    clock: systemClock,
    ids: cryptoIds,
    priceIds: config.stripePriceIds,
    webUrl: config.webUrl,
  };
}
