// Lambda entry of the avatars group: the styles catalogue (and, next, creating avatars and the gallery).

import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { DynamoStyleReader } from '../adapters/dynamodb/style-reader.ts';
import { buildSessionResolver } from '../adapters/session-wiring.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { avatarRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.avatars);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = groupHandler(
  'avatars',
  avatarRoutes({ styles: new DynamoStyleReader(db, config.tableName) }),
  await buildSessionResolver(config, db),
);
