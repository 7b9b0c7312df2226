// The webhook's one route: verify the signature over the raw body, apply the event, acknowledge it.
// Anything that fails after verification answers 500, so Stripe delivers the event again.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isDomainError } from '#platform/domain/errors.ts';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { addLogContext, logger } from '#platform/observability/logger.ts';
import type { EventVerifier } from './domain/ports.ts';
import { handleBillingEvent, type WebhookDeps } from './domain/webhook.ts';

/** The exact bytes Stripe signed: API Gateway passes a JSON body as text, anything else base64-encoded. */
const rawBodyOf = (event: APIGatewayProxyEventV2): string =>
  event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');

export const webhookRoutes = (
  deps: WebhookDeps,
  verifier: EventVerifier,
): RouteHandlers<'stripe-webhook'> => ({
  stripeWebhook: async ({ event }) => {
    try {
      const billingEvent = verifier.verify(rawBodyOf(event), event.headers?.['stripe-signature']);
      addLogContext({ stripeEventId: billingEvent.eventId });
      const outcome = await handleBillingEvent(deps, billingEvent);
      logger().info('stripe event', { eventId: billingEvent.eventId, kind: billingEvent.kind, outcome });
      return { received: true };
    } catch (e) {
      // Both alarm (docs/operations.md): a wrong secret or forged calls, and deliveries Stripe must retry.
      if (isDomainError(e) && e.code === 'INVALID_SIGNATURE') deps.metrics.record('WebhookSignatureFailures');
      else deps.metrics.record('WebhookFailures');
      throw e;
    }
  },
});
