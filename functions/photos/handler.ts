// Lambda entry of the photos group: the reference photos of the Manage Photos screen.
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { buildPhotoDeps, captureResolver } from '../wiring/photo-wiring.ts';
import { buildLinkResolver, buildSessionResolver } from '../wiring/session-wiring.ts';
import { photoRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.photos);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);
const deps = buildPhotoDeps(config, db, s3);

export const handler = groupHandler('photos', photoRoutes(deps), await buildSessionResolver(config, db), {
  ...config,
  links: await buildLinkResolver(config, db),
  capture: captureResolver(deps),
});
