// Thin route handlers of the auth group: each validates (done by the table's schema), calls one domain function.
import type { GoogleCookie } from '../config.ts';
import {
  type AccountDeps,
  changePassword,
  describeUser,
  logIn,
  redeemLoginLink,
  requestLoginLink,
  signUp,
  tokenHistory,
} from '../domain/accounts/accounts.ts';
import type { RouteHandlers } from '../http/group-handler.ts';
import { googleRoutes } from './google-routes.ts';

export const authRoutes = (
  deps: AccountDeps,
  googleCookie: GoogleCookie | null = null,
): RouteHandlers<'auth'> => ({
  userInfo: async ({ user }) => describeUser(user),
  signup: ({ body, clientAddress }) => signUp(deps, { clientAddress }, body),
  login: ({ body, clientAddress }) => logIn(deps, { clientAddress }, body),
  sendLoginLink: ({ body, clientAddress }) => requestLoginLink(deps, { clientAddress }, body),
  loginWithToken: ({ params }) => redeemLoginLink(deps, params.token ?? ''),
  changePassword: ({ user, body }) => changePassword(deps, user, body),
  tokenLedger: async ({ user }) => ({ entries: await tokenHistory(deps, user) }),
  ...googleRoutes(deps, googleCookie),
});
