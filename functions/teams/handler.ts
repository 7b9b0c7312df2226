// Lambda entry of the teams group: teams, seats, invitations, the dashboard (docs/product.md, "Teams").
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { buildLinkResolver, buildSessionResolver } from '../wiring/session-wiring.ts';
import { buildTeamDeps } from '../wiring/teams-wiring.ts';
import { teamRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.teams);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);

export const handler = groupHandler(
  'teams',
  teamRoutes(buildTeamDeps(config, db, s3)),
  await buildSessionResolver(config, db),
  {
    ...config,
    links: await buildLinkResolver(config, db),
  },
);
