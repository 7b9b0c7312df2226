// Lambda entry of the teams group: teams, invitations, the dashboard (docs/product.md, "Teams"); seats are
// bought through the billing group.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { teamsRoutes as teamsApi } from '#shared/api/teams.ts';
import { buildLinkResolver, earlySessionResolver, sessionTokens } from '../accounts/wiring.ts';
import { DynamoTeamCaller } from './dynamodb/team-caller.ts';
import { TeamMembersEarlyReads } from './early-reads.ts';
import { teamRoutes } from './routes.ts';
import { buildTeamDeps } from './wiring.ts';

const config = readConfig(GROUP_CONFIG.teams);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);
const deps = buildTeamDeps(config, db, s3);
// The dashboard's page starts its reads, the session's among them, as the request arrives (early-reads.ts).
const early = new TeamMembersEarlyReads(
  await sessionTokens(config),
  new DynamoUserReader(db, config.tableName),
  new DynamoTeamCaller(db, config.tableName),
  deps.teams,
);

const group = groupHandler(
  'teams',
  teamsApi,
  teamRoutes(deps, early),
  // The session resolved as every group's, from what the request started early (session-wiring.ts).
  earlySessionResolver(config, early),
  { ...config, links: await buildLinkResolver(config, db) },
);

// What each request started is forgotten once it is answered (functions/platform/http/early-reads.ts).
export const handler: typeof group = early.around(group);
