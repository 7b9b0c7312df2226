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
import {
  finishGoogleSignIn,
  GOOGLE_ATTEMPT_TTL_SECONDS,
  startGoogleSignIn,
} from '../domain/accounts/google-sign-in.ts';
import { clearCookie, readCookie, setCookie } from '../http/cookies.ts';
import { jsonResponse } from '../http/error-mapper.ts';
import type { RouteHandlers } from '../http/group-handler.ts';
import { log } from '../http/logger.ts';

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
  googleLogin: async ({ clientAddress, event }) => {
    const lang = event.queryStringParameters?.lang;
    const { auth_url, browser } = await startGoogleSignIn(deps, { clientAddress }, { lang });
    const response = jsonResponse(200, { auth_url });
    if (googleCookie) response.cookies = [setCookie(googleCookie, browser, GOOGLE_ATTEMPT_TTL_SECONDS)];
    return response;
  },
  googleCallback: async ({ event }) => {
    const browser = googleCookie ? readCookie(event, googleCookie.name) : null;
    const outcome = await finishGoogleSignIn(deps, { query: event.rawQueryString ?? '', browser });
    if (outcome.failure) {
      log('warn', 'Google sign-in failed', {
        correlationId: event.requestContext?.requestId,
        ...outcome.failure,
      });
    }
    return {
      statusCode: 302,
      headers: { location: outcome.location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
      cookies: googleCookie ? [clearCookie(googleCookie)] : [],
    };
  },
});
