// Lambda entry of the auth group: sign-up, sign-in, sessions and the account page.

import { buildAccountDeps } from '../adapters/wiring.ts';
import { readConfig } from '../config.ts';
import { authenticate } from '../domain/accounts/accounts.ts';
import { groupHandler } from '../http/group-handler.ts';
import { authRoutes } from './routes.ts';

const deps = await buildAccountDeps(readConfig());

export const handler = groupHandler('auth', authRoutes(deps), (token) => authenticate(deps, token));
