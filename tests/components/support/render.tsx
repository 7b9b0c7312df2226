// Renders the app at a path, as main.tsx does but in memory: the router (a MemoryRouter at `path`), the
// session, the pages' own lazy screens, and for /app pages the app layout with its QueryClient. The
// language follows the path (/fr/... is French), as in the browser.
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  MemoryRouter,
  useLocation,
} from 'react-router';
import { onTestFinished, vi } from 'vitest';
import type { UserInfo } from '#shared/api-schemas.ts';
import { CAPTURE_ERRORS } from '#shared/capture-rules.ts';
import { languageOfPath } from '#shared/web-routes.ts';
import { AppTree } from '../../../web/src/app/app.tsx';
import { renderPage } from '../../../web/src/entry-server.tsx';
import { switchLanguage } from '../../../web/src/lib/i18n.ts';
import { leavePrerenderedDocument, markPrerenderedDocument } from '../../../web/src/lib/prerendered.ts';
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

/** The router's history of a prerendered page (which has no LocationProbe: see renderPrerendered). */
let prerenderedHistory: ReturnType<typeof createMemoryHistory> | null = null;

/** Where the router is now (after the screen navigated). */
export const currentLocation = (): Location => {
  if (prerenderedHistory) return prerenderedHistory.location;
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
  prerenderedHistory = null;
  await signInAndSpeak(path, { as, userInfo });
  const result = render(appAt(path, state, strict));
  return { ...result, user: userEvent.setup() };
}

/** What the app reads beside its screens, the session (with `as` or `userInfo`), and the path's language. */
async function signInAndSpeak(path: string, { as, userInfo }: { as?: UserInfo; userInfo?: Reply }) {
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
}

function appAt(path: string, state: unknown, strict: boolean): ReactNode {
  const url = new URL(path, 'http://app.test');
  const tree = (
    <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state }]}>
      <AppTree />
      <LocationProbe />
    </MemoryRouter>
  );
  return strict ? <StrictMode>{tree}</StrictMode> : tree;
}

export interface Prerendered extends Rendered {
  /** What the page logged as an error while it was prerendered and hydrated, and since (a mismatch...). */
  consoleErrors: string[];
}

/**
 * A prerendered page (the landing page, pricing, the legal pages...) as a browser loads it: its HTML made by
 * the build's own prerender (web/src/entry-server.tsx), that HTML as the document's, then the app hydrating
 * it (web/src/main.tsx): its copy, carried by the HTML only (components/static-content.tsx), is on the page.
 * With `as` or `userInfo`, the visitor has a session stored, as renderApp's; the HTML is a visitor's.
 */
export async function renderPrerendered(
  path: string,
  options: { as?: UserInfo; userInfo?: Reply } = {},
): Promise<Prerendered> {
  const url = new URL(path, 'http://app.test');
  const consoleErrors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    // React's server and client renderers both run in this one page (never in a browser): each says so.
    if (!text.startsWith(TWO_RENDERERS)) consoleErrors.push(text);
  });
  onTestFinished(() => {
    spy.mockRestore();
    prerenderedHistory = null;
    // The next test's page is not this document.
    leavePrerenderedDocument('');
  });
  const language = i18next.language;
  vi.stubEnv('SSR', true);
  let html: string;
  try {
    html = await renderPage(`${url.pathname}${url.search}`, languageOfPath(url.pathname));
    // The server renderer leaves the contexts of the last part it rendered set: an empty render resets them.
    await prerender(null);
  } finally {
    vi.unstubAllEnvs();
    // The prerender changed the language without the strings of the screens loaded so far (a browser's
    // page never had them): back to where the app was, so that switching loads them (lib/i18n.ts).
    await i18next.changeLanguage(language);
  }
  // As web/scripts/prerender.ts writes the document: the hoisted <title> and <meta> go to the head.
  const body = html.replace(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/, '');
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = body;
  document.body.append(root);
  markPrerenderedDocument(url.pathname);
  await signInAndSpeak(path, options);
  // The tree the prerender rendered, around the same AppTree: a sibling beside it (the LocationProbe) would
  // change the ids React gives (useId) and fail the hydration. The history tells where the router is.
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  prerenderedHistory = history;
  const tree = (
    <StrictMode>
      <HistoryRouter history={history}>
        <AppTree />
      </HistoryRouter>
    </StrictMode>
  );
  const result = render(tree, {
    container: root,
    hydrate: true,
    onRecoverableError: (error) => consoleErrors.push(`Recoverable: ${String(error)}`),
  });
  forgetServerRenderer(root);
  return { ...result, user: userEvent.setup(), consoleErrors };
}

interface Fiber {
  tag: number;
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

/**
 * In development, React's server renderer marks each context it provides as its own and, unlike the client's,
 * never takes the mark back: every later client render in this worker (the next tests') would then warn about
 * two renderers. The contexts the page provides, found in its hydrated tree, are unmarked.
 */
function forgetServerRenderer(container: HTMLElement): void {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
  const fibers = [key ? (container as unknown as Record<string, Fiber>)[key] : null];
  while (fibers.length > 0) {
    const fiber = fibers.pop();
    if (!fiber) continue;
    // A context provider (React's ContextProvider tag): its type is the context.
    if (
      fiber.tag === 10 &&
      typeof fiber.type === 'object' &&
      fiber.type &&
      '_currentRenderer' in fiber.type
    ) {
      (fiber.type as { _currentRenderer: unknown })._currentRenderer = null;
    }
    fibers.push(fiber.child, fiber.sibling);
  }
}

const TWO_RENDERERS = 'Detected multiple renderers concurrently rendering the same context provider';
