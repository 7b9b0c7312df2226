// Lambda entry of the avatars group: the styles catalogue, creating avatars, the gallery and its downloads.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { generationRoutes as generationApi } from '#shared/api/generation.ts';
import { buildLinkResolver, earlySessionResolver, linkTokens, sessionTokens } from '../accounts/wiring.ts';
import { TaskListEarlyReads } from './early-reads.ts';
import { avatarRoutes } from './routes.ts';
import { buildAvatarDeps } from './wiring.ts';

const config = readConfig(GROUP_CONFIG.avatars);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);
const deps = buildAvatarDeps(config, db, s3, await linkTokens(config));
// The task list starts its reads, the session's among them, as the request arrives (early-reads.ts).
const early = new TaskListEarlyReads(
  await sessionTokens(config),
  new DynamoUserReader(db, config.tableName),
  deps.tasks,
);

const group = groupHandler(
  'avatars',
  generationApi,
  avatarRoutes(deps, early),
  // The session resolved as every group's, from what the request started early (session-wiring.ts).
  earlySessionResolver(config, early),
  { ...config, links: await buildLinkResolver(config, db) },
);

// What each request started is forgotten once it is answered (functions/platform/http/early-reads.ts).
export const handler: typeof group = early.around(group);
