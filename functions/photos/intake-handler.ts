// Lambda entry of the photo-intake group: photos taken in (decoded in full, faces checked). A function of its
// own, so that its CPU-heavy work never takes the instances that list and show photos.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { photosRoutes as photosApi } from '#shared/api/photos.ts';
import { buildLinkResolver, buildSessionResolver } from '../accounts/wiring.ts';
import { photoIntakeRoutes } from './intake-routes.ts';
import { buildPhotoIntakeDeps, captureResolver } from './wiring.ts';

const config = readConfig(GROUP_CONFIG['photo-intake']);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);
const deps = buildPhotoIntakeDeps(config, db, s3);

export const handler = groupHandler(
  'photo-intake',
  photosApi,
  photoIntakeRoutes(deps),
  await buildSessionResolver(config, db),
  { ...config, links: await buildLinkResolver(config, db), capture: captureResolver(deps) },
);
