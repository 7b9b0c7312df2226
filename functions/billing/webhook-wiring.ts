// Builds the Stripe webhook function's adapters from its config, once per cold start.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailConfig, StripeConfig, StripeWebhookConfig, TableConfig } from '#platform/config.ts';
import { buildMailer } from '#platform/mail/build-mailer.ts';
import { logger } from '#platform/observability/logger.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { readSecret } from '#platform/secrets.ts';
import { createStripeClient } from '#platform/stripe/stripe-client.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import type { EventVerifier } from './domain/ports.ts';
import type { WebhookDeps } from './domain/webhook.ts';
import { DynamoWebhookStore } from './dynamodb/webhook-store.ts';
import { StripeEventVerifier } from './stripe/stripe-events.ts';
import { StripePayments } from './stripe/stripe-payments.ts';

export async function buildWebhookDeps(
  config: TableConfig & StripeConfig & StripeWebhookConfig & MailConfig,
  db: DynamoDBDocumentClient,
): Promise<{ deps: WebhookDeps; verifier: EventVerifier }> {
  // The client made here, not through billing-wiring.ts: that module's seat adapters (and their table
  // actions) would come into this bundle (infra/group-needs.ts).
  const stripe = createStripeClient({
    secretKey: await readSecret(config.stripeSecretKey),
    apiUrl: config.stripeApiUrl,
  });
  return {
    deps: {
      provider: new StripePayments(stripe),
      store: new DynamoWebhookStore(db, config.tableName),
      clock: systemClock,
      ids: cryptoIds,
      priceIds: config.stripePriceIds,
      warn: (message, detail) => logger().warn(message, detail),
      metrics: businessMetrics,
      mailer: buildMailer(config),
      webUrl: config.webUrl,
    },
    verifier: new StripeEventVerifier(stripe, await readSecret(config.stripeWebhookSecret)),
  };
}
