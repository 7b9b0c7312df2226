// Lambda entry of the auth group: sign-up, sign-in, sessions and the account page.

import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { groupHandler } from '#platform/http/group-handler.ts';
import { accountsRoutes as accountsApi } from '#shared/api/accounts.ts';
import { buildAccountDeps, buildSessionResolver } from './account-wiring.ts';
import { authRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.auth);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = groupHandler(
  'auth',
  accountsApi,
  authRoutes(await buildAccountDeps(config, db), {
    link: config.linkCookie,
    google: config.googleSignIn?.cookie ?? null,
  }),
  await buildSessionResolver(config, db),
  config,
);
