// Lambda entry of the photos group: the reference photos of the Manage Photos screen.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { photosRoutes as photosApi } from '#shared/api/photos.ts';
import { buildLinkResolver, buildSessionResolver } from '../accounts/wiring.ts';
import { photoRoutes } from './routes.ts';
import { buildPhotoDeps, captureResolver } from './wiring.ts';

const config = readConfig(GROUP_CONFIG.photos);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);
const deps = buildPhotoDeps(config, db, s3);

export const handler = groupHandler(
  'photos',
  photosApi,
  photoRoutes(deps),
  await buildSessionResolver(config, db),
  {
    ...config,
    links: await buildLinkResolver(config, db),
    capture: captureResolver(deps),
  },
);
