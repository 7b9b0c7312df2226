// Thin route handlers of the auth group: each validates (done by the table's schema), calls one domain function.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { SignInCookie } from '#platform/config.ts';
import { clearCookie, readCookie, setCookie } from '#platform/http/cookies.ts';
import { jsonResponse } from '#platform/http/error-mapper.ts';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import {
  type AccountDeps,
  changePassword,
  describeUser,
  LOGIN_LINK_TTL_SECONDS,
  logIn,
  requestLoginLink,
  signUp,
  tokenHistory,
} from './domain/accounts.ts';
import { type PresentedBrowser, previewLoginLink, redeemLoginLink } from './domain/link-sign-in.ts';
import { googleRoutes } from './google-routes.ts';

/** The cookies that bind sign-ins to browsers: the login link's, and Google's where the stage has it. */
interface AuthCookies {
  link: SignInCookie;
  google: SignInCookie | null;
}

/** Locally and in tests over http: host-only cookies without Secure. */
const PLAIN_HTTP_COOKIES: AuthCookies = {
  link: { name: 'aivatar_link', secure: false, sameSite: 'Lax' },
  google: null,
};

export const authRoutes = (
  deps: AccountDeps,
  cookies: AuthCookies = PLAIN_HTTP_COOKIES,
): RouteHandlers<'auth'> => {
  const presented = (event: APIGatewayProxyEventV2): PresentedBrowser => ({
    linkCookie: readCookie(event, cookies.link.name),
    googleCookie: cookies.google ? readCookie(event, cookies.google.name) : null,
  });
  /** The answer, and the cookie that marks this browser as the one that asked for the link just sent. */
  const markingBrowser = <T extends { browser?: string }>({ browser, ...body }: T) => {
    const response: APIGatewayProxyStructuredResultV2 = jsonResponse(200, body);
    if (browser) response.cookies = [setCookie(cookies.link, browser, LOGIN_LINK_TTL_SECONDS)];
    return response;
  };
  return {
    userInfo: async ({ user }) => describeUser(user),
    signup: async ({ body, clientAddress, event }) =>
      markingBrowser(await signUp(deps, { clientAddress }, body, presented(event).linkCookie)),
    login: ({ body, clientAddress }) => logIn(deps, { clientAddress }, body),
    sendLoginLink: async ({ body, clientAddress, event }) =>
      markingBrowser(await requestLoginLink(deps, { clientAddress }, body, presented(event).linkCookie)),
    loginLinkPreview: ({ params, clientAddress, event }) =>
      previewLoginLink(deps, { clientAddress }, params.token ?? '', presented(event)),
    loginWithToken: async ({ params, event }) => {
      const { login, endsGoogleSignIn } = await redeemLoginLink(deps, params.token ?? '', presented(event));
      const response = jsonResponse(200, login);
      if (endsGoogleSignIn && cookies.google) response.cookies = [clearCookie(cookies.google)];
      return response;
    },
    changePassword: ({ user, body }) => changePassword(deps, user, body),
    tokenLedger: ({ user }) => tokenHistory(deps, user),
    ...googleRoutes(deps, cookies.google),
  };
};
