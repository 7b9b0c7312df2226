// The two "Sign in with Google" routes: the domain decides; these carry its answer over HTTP (the cookie
// that binds the sign-in to the browser, the redirect, the log line of a failure).
import type { SignInCookie } from '#platform/config.ts';
import { clearCookie, readCookie, setCookie } from '#platform/http/cookies.ts';
import { jsonResponse } from '#platform/http/error-mapper.ts';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { logger } from '#platform/observability/logger.ts';
import type { AccountDeps } from './domain/accounts.ts';
import {
  finishGoogleSignIn,
  GOOGLE_ATTEMPT_TTL_SECONDS,
  GOOGLE_LOGIN_TOKEN_TTL_SECONDS,
  type GoogleCallbackOutcome,
  startGoogleSignIn,
} from './domain/google-sign-in.ts';

type GoogleRoutes = Pick<RouteHandlers<'auth'>, 'googleLogin' | 'googleCallback'>;

/** An identity-provider failure is logged (with the error, when one was thrown). */
function logFailure(failure: GoogleCallbackOutcome['failure']) {
  if (!failure) return;
  const { reason, detail, error } = failure;
  if (error === undefined) logger().warn('Google sign-in failed', { reason, detail });
  else logger().error('Google sign-in failed', { reason, detail, error });
}

export const googleRoutes = (deps: AccountDeps, cookie: SignInCookie | null): GoogleRoutes => ({
  googleLogin: async ({ clientAddress, event }) => {
    const lang = event.queryStringParameters?.lang;
    const { auth_url, browser } = await startGoogleSignIn(deps, { clientAddress }, { lang });
    const response = jsonResponse(200, { auth_url });
    if (cookie) response.cookies = [setCookie(cookie, browser, GOOGLE_ATTEMPT_TTL_SECONDS)];
    return response;
  },
  googleCallback: async ({ event }) => {
    const browser = cookie ? readCookie(event, cookie.name) : null;
    const outcome = await finishGoogleSignIn(deps, { query: event.rawQueryString ?? '', browser });
    logFailure(outcome.failure);
    return {
      statusCode: 302,
      headers: { location: outcome.location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
      // Signed in: the cookie stays, as long as the login token it binds; otherwise the sign-in is over.
      cookies: !cookie
        ? []
        : outcome.bindsLoginToken && browser
          ? [setCookie(cookie, browser, GOOGLE_LOGIN_TOKEN_TTL_SECONDS)]
          : [clearCookie(cookie)],
    };
  },
});
