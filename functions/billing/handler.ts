// Lambda entry of the billing group: checkout sessions, the subscription check, the billing dashboard.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { billingRoutes as billingApi } from '#shared/api/billing.ts';
import { buildSessionResolver } from '../accounts/wiring.ts';
import { billingRoutes } from './routes.ts';
import { buildBillingDeps } from './wiring.ts';

const config = readConfig(GROUP_CONFIG.billing);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = groupHandler(
  'billing',
  billingApi,
  billingRoutes(await buildBillingDeps(config, db)),
  await buildSessionResolver(config, db),
  config,
);
