// Lambda entry of the auth group: sign-up, sign-in, sessions and the account page.

import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { GROUP_CONFIG, readConfig } from '../config.ts';
import { groupHandler } from '../http/group-handler.ts';
import { buildAccountDeps, buildSessionResolver } from '../wiring/account-wiring.ts';
import { authRoutes } from './routes.ts';

const config = readConfig(GROUP_CONFIG.auth);
const db = createDocumentClient(config.dynamodbEndpoint);

export const handler = groupHandler(
  'auth',
  authRoutes(await buildAccountDeps(config, db), {
    link: config.linkCookie,
    google: config.googleSignIn?.cookie ?? null,
  }),
  await buildSessionResolver(config, db),
  config,
);
