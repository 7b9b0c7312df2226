// Lambda entry of the account group: the privacy rights of the account page (deletion, data export), which
// record and queue jobs for the privacy job function.
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { buildPrivacyDeps } from '../wiring/privacy-wiring.ts';
import { buildSessionResolver } from '../wiring/session-wiring.ts';
import { accountRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.account);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = groupHandler(
  'account',
  accountRoutes(buildPrivacyDeps(config, db, createS3Client(config.s3Endpoint))),
  await buildSessionResolver(config, db),
  config,
);
