// Renders the app at a path, as main.tsx does but in memory: the router (a MemoryRouter at `path`), the
// session, the pages' own lazy screens, and for /app pages the app layout with its QueryClient. The
// language follows the path (/fr/... is French), as in the browser.
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import type { UserInfo } from '#shared/api-schemas.ts';
import { CAPTURE_ERRORS } from '#shared/capture-rules.ts';
import { languageOfPath } from '#shared/web-routes.ts';
import { AppTree } from '../../../web/src/app/app.tsx';
import { switchLanguage } from '../../../web/src/lib/i18n.ts';
import { setToken } from '../../../web/src/lib/session-store.ts';
import { apiStub, fail, ok, type Reply } from './api-stub.ts';

/** A fresh account as GET /user_info answers it: the 2 signup tokens, a password. */
export const aUser = (over: Partial<UserInfo> = {}): UserInfo => ({
  email: 'someone@example.com',
  tokens_ltd: 2,
  tokens_subscription: 0,
  stripe_customer_id: null,
  has_password: true,
  ...over,
});

let shownAt: Location | null = null;
function LocationProbe() {
  shownAt = useLocation();
  return null;
}

/** Where the router is now (after the screen navigated). */
export const currentLocation = (): Location => {
  if (!shownAt) throw new Error('Nothing rendered yet');
  return shownAt;
};

export interface Rendered extends RenderResult {
  user: UserEvent;
}

/**
 * The app at `path`. With `as`, signed in as that account (its token stored, GET /user_info answering it);
 * with `userInfo`, signed in but GET /user_info answering that instead. `state` is the navigation's state
 * (a prefilled email). Rendered in StrictMode as the app is (web/src/app/app.tsx), unless `strict` is false.
 */
export async function renderApp(
  path: string,
  {
    as,
    userInfo,
    state,
    strict = true,
  }: { as?: UserInfo; userInfo?: Reply; state?: unknown; strict?: boolean } = {},
): Promise<Rendered> {
  // What the app reads beside its screens, once signed in (here or by the screen): not in a team
  // (docs/product.md, "Teams").
  apiStub.byDefault('myTeam', fail(404, 'NOT_FOUND', 'You are not in a team.'));
  // The app navbar asks, for an account with a payment customer id, whether it subscribes: it does not.
  apiStub.byDefault('checkSubscription', ok('checkSubscription', { hasActiveSubscription: false }));
  // Manage Photos reads the account's capture link on arrival (a live one is shown again): none.
  apiStub.byDefault(
    'currentCaptureLink',
    fail(404, 'CAPTURE_LINK_NOT_FOUND', CAPTURE_ERRORS.CAPTURE_LINK_NOT_FOUND.msg),
  );
  if (as || userInfo) {
    apiStub.on('userInfo', userInfo ?? ok('userInfo', as as UserInfo));
    setToken('session-token');
  }
  await switchLanguage(languageOfPath(path));
  const url = new URL(path, 'http://app.test');
  const tree = (
    <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state }]}>
      <AppTree />
      <LocationProbe />
    </MemoryRouter>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, user: userEvent.setup() };
}
