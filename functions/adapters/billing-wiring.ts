// Builds the billing and webhook functions' adapters from their config, once per cold start.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { StripeConfig, StripeWebhookConfig, TableConfig } from '../config.ts';
import type { BillingDeps } from '../domain/billing/checkout.ts';
import type { EventVerifier } from '../domain/billing/ports.ts';
import type { WebhookDeps } from '../domain/billing/webhook.ts';
import { logger } from '../observability/logger.ts';
import { businessMetrics } from '../observability/metrics.ts';
import { DynamoBillingStore } from './dynamodb/billing-store.ts';
import { readSecret } from './secrets.ts';
import { createStripeClient } from './stripe/stripe-client.ts';
import { StripeEventVerifier } from './stripe/stripe-events.ts';
import { StripePayments } from './stripe/stripe-payments.ts';
import { cryptoIds, systemClock } from './system.ts';

async function stripeFor(config: StripeConfig): Promise<Stripe> {
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

export async function buildWebhookDeps(
  config: TableConfig & StripeConfig & StripeWebhookConfig,
  db: DynamoDBDocumentClient,
): Promise<{ deps: WebhookDeps; verifier: EventVerifier }> {
  const stripe = await stripeFor(config);
  return {
    deps: {
      provider: new StripePayments(stripe),
      store: new DynamoBillingStore(db, config.tableName),
      clock: systemClock,
      ids: cryptoIds,
      priceIds: config.stripePriceIds,
      warn: (message, detail) => logger().warn(message, detail),
      metrics: businessMetrics,
    },
    verifier: new StripeEventVerifier(stripe, await readSecret(config.stripeWebhookSecret)),
  };
}
