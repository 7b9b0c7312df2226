// Lambda entry of the admin-styles group: the admin styles screen (/admin/styles) and the style pictures.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { buildSessionResolver } from '../accounts/wiring.ts';
import { SharpImages } from '../photos/public.ts';
import { DynamoAdminStyleStore } from './dynamodb/admin-style-store.ts';
import { adminStyleRoutes } from './routes.ts';
import { S3StyleImageFiles } from './s3/style-image-files.ts';

const config = readConfig(GROUP_CONFIG['admin-styles']);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);

export const handler = groupHandler(
  'admin-styles',
  adminStyleRoutes({
    styles: new DynamoAdminStyleStore(db, config.tableName),
    clock: systemClock,
    ids: cryptoIds,
    images: {
      files: new S3StyleImageFiles(s3, config.mediaBucket),
      images: new SharpImages(),
      ids: cryptoIds,
    },
  }),
  await buildSessionResolver(config, db),
  config,
);
