// Lambda entry of the admin-styles group: the admin styles screen (/admin/styles) and the style pictures.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { stylesRoutes as stylesApi } from '#shared/api/styles.ts';
import { buildSessionResolver } from '../accounts/wiring.ts';
import { adminStyleRoutes } from './routes.ts';
import { buildStylesGroupDeps } from './wiring.ts';

const config = readConfig(GROUP_CONFIG['admin-styles']);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);

export const handler = groupHandler(
  'admin-styles',
  stylesApi,
  adminStyleRoutes(buildStylesGroupDeps(config, db, s3)),
  await buildSessionResolver(config, db),
  config,
);
