// Lambda entry of the Stripe webhook (its own function: no session key, its own secrets).

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { DomainError } from '#platform/domain/errors.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { billingRoutes as billingApi } from '#shared/api/billing.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { buildWebhookDeps } from './webhook-wiring.ts';

const config = readConfig(GROUP_CONFIG['stripe-webhook']);
const db = createDocumentClient(config.dynamodbEndpoint);
const { deps, verifier } = await buildWebhookDeps(config, db);

export const handler = groupHandler(
  'stripe-webhook',
  billingApi,
  webhookRoutes(deps, verifier),
  async () => {
    // The webhook route is public: its caller is proven by the signature, never by a session.
    throw new DomainError('UNAUTHENTICATED', 'No sessions here.');
  },
  // Stripe calls it, never a browser: no CORS.
  { ...config, webOrigin: null },
);
