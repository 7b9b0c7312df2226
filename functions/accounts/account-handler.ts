// Lambda entry of the account group: the privacy rights of the account page (deletion, data export), which
// record and queue jobs for the privacy job function.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { accountsRoutes as accountsApi } from '#shared/api/accounts.ts';
import { buildPrivacyDeps } from '../privacy/wiring.ts';
import { accountRoutes } from './account-routes.ts';
import { buildSessionResolver } from './wiring.ts';

const config = readConfig(GROUP_CONFIG.account);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = groupHandler(
  'account',
  accountsApi,
  accountRoutes(buildPrivacyDeps(config, db, createS3Client(config.s3Endpoint))),
  await buildSessionResolver(config, db),
  config,
);
