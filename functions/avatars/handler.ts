// Lambda entry of the avatars group: the styles catalogue, creating avatars, the gallery and its downloads.

import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { buildAvatarDeps } from '../wiring/avatar-wiring.ts';
import { buildLinkResolver, buildSessionResolver, linkTokens } from '../wiring/session-wiring.ts';
import { avatarRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.avatars);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);

export const handler = groupHandler(
  'avatars',
  avatarRoutes(buildAvatarDeps(config, db, s3, await linkTokens(config))),
  await buildSessionResolver(config, db),
  { ...config, links: await buildLinkResolver(config, db) },
);
