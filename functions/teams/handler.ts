// Lambda entry of the teams group: teams, invitations, the dashboard (docs/product.md, "Teams"); seats are
// bought through the billing group.
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { buildLinkResolver, buildSessionResolver, sessionTokens } from '../wiring/session-wiring.ts';
import { buildTeamDeps } from '../wiring/teams-wiring.ts';
import { EarlyReads } from './early-reads.ts';
import { teamRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.teams);
const db = createDocumentClient(config.dynamodbEndpoint);
const s3 = createS3Client(config.s3Endpoint);
const deps = buildTeamDeps(config, db, s3);
// The dashboard's page starts its reads beside the session's (early-reads.ts).
const early = new EarlyReads(await sessionTokens(config), deps.teams);

const group = groupHandler('teams', teamRoutes(deps, early), await buildSessionResolver(config, db), {
  ...config,
  links: await buildLinkResolver(config, db),
});

export const handler: typeof group = (event, context) => {
  early.start(event);
  return group(event, context);
};
