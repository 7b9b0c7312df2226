// The SPA's pages, declared once for the router, the tests and the hosting config.
import type { Language } from './language.ts';

export type PageAccess =
  /** anyone; an authenticated user is sent to /app (the landing page) */
  | 'public-home'
  /** anyone */
  | 'public'
  /** visitors only; an authenticated user is sent to /app */
  | 'guest'
  /** signed-in users only; a visitor is sent to /login */
  | 'user';

export interface WebPage {
  id: string;
  path: string;
  access: PageAccess;
  /** also served under the /fr prefix */
  localized: boolean;
  /** a public page that search engines should index (sitemap, prerendering) */
  indexable: boolean;
  /**
   * A public page in the middle of a task: routed outside the site's layout, it draws the plain frame
   * itself (components/layout/plain-frame.tsx: the logo and the language above, one line with the privacy
   * policy below), none of the site's menu or footer to wander off by. The frame loads with the page's own
   * chunk: the landing page does not carry it (tests/browser/seo.test.ts, its JavaScript budget).
   */
  plain?: true;
}

const page = <const P extends WebPage>(p: P): P => p;

export const webPages = [
  page({ id: 'home', path: '/', access: 'public-home', localized: true, indexable: true }),
  page({
    id: 'linkedinHeadshot',
    path: '/linkedin-headshot',
    access: 'public',
    localized: true,
    indexable: true,
  }),
  page({ id: 'pricing', path: '/pricing', access: 'public', localized: true, indexable: true }),
  page({
    id: 'terms',
    path: '/terms-of-service',
    access: 'public',
    localized: true,
    indexable: true,
  }),
  page({
    id: 'privacy',
    path: '/privacy-policy',
    access: 'public',
    localized: true,
    indexable: true,
  }),
  page({ id: 'login', path: '/login', access: 'guest', localized: true, indexable: false }),
  page({ id: 'signup', path: '/signup', access: 'guest', localized: true, indexable: false }),
  page({
    id: 'loginWithToken',
    path: '/login_with_token',
    access: 'guest',
    localized: false,
    indexable: false,
  }),
  page({
    id: 'adminStyles',
    path: '/admin/styles',
    access: 'public',
    localized: false,
    indexable: false,
  }),
  /**
   * The phone's capture page (docs/product.md, "Selfies from the phone"): opened from the desktop's QR code,
   * no password; the code in the path is the link's. Never indexed (the page says noindex).
   */
  page({
    id: 'capture',
    path: '/capture/:code',
    access: 'public',
    localized: true,
    indexable: false,
    plain: true,
  }),
  page({
    id: 'appCreate',
    path: '/app/create',
    access: 'user',
    localized: true,
    indexable: false,
  }),
  page({
    id: 'appUpload',
    path: '/app/upload',
    access: 'user',
    localized: true,
    indexable: false,
  }),
  page({
    id: 'appGallery',
    path: '/app/gallery',
    access: 'user',
    localized: true,
    indexable: false,
  }),
  /** Teams (docs/product.md, "Teams"): create a team, join one (`?code=`), the dashboard. */
  page({
    id: 'appTeam',
    path: '/app/team',
    access: 'user',
    localized: true,
    indexable: false,
  }),
  page({
    id: 'appAccount',
    path: '/app/account',
    access: 'user',
    localized: true,
    indexable: false,
  }),
] as const;

export type PageId = (typeof webPages)[number]['id'];

export const FR_PREFIX = '/fr';
/** The SPA's empty document, served for every page that is not prerendered (web/scripts/prerender.ts). */
export const SHELL_DOCUMENT = '_shell.html';
/** The same document in French (`<html lang="fr">`, French title), for every address under /fr. */
export const SHELL_DOCUMENT_FR = '_shell-fr.html';

/**
 * The app's document (/app and below, and the sign-in pages that lead there: /login, /signup,
 * /login_with_token): the empty document with the app's frame drawn in it (a bar, a title, cards), shown
 * from the first paint until the app starts (never a blank page).
 */
export const APP_SHELL_DOCUMENT = '_app-shell.html';
export const APP_SHELL_DOCUMENT_FR = '_app-shell-fr.html';

/**
 * The empty document for an address that is not prerendered: French under /fr, so the first paint, a
 * screen reader and the browser's translation offer see the page's language before the app starts; the
 * app's own under /app. Written without arrow functions or modern syntax: the CloudFront function runs
 * this very code.
 */
export function shellDocumentFor(path: string): string {
  const fr = path === '/fr' || path.indexOf('/fr/') === 0;
  const bare = fr ? path.substring(3) : path;
  const framed =
    bare === '/app' ||
    bare.indexOf('/app/') === 0 ||
    bare === '/login' ||
    bare === '/signup' ||
    bare === '/login_with_token';
  if (framed) return fr ? '_app-shell-fr.html' : '_app-shell.html';
  return fr ? '_shell-fr.html' : '_shell.html';
}
/** Where canonical URLs point when the build has no SITE_URL: the local web app (`npm start`). */
export const LOCAL_SITE_URL = 'http://localhost:5173';
const APP_PREFIX = '/app';

export type Page = (typeof webPages)[number];

/** Pages served as prerendered HTML (web/scripts/prerender.ts): the indexable public pages. */
export const prerenderedPages = (): Page[] => webPages.filter((p) => p.indexable);

/** Every URL path that has its own prerendered HTML document, in both languages. */
export const prerenderedPaths = (): string[] =>
  prerenderedPages().flatMap((p) => (p.localized ? [pagePath(p.id, 'en'), pagePath(p.id, 'fr')] : [p.path]));

/** /app in a language: the app is French under /fr/app, like the public pages. */
export const appPrefix = (lang: Language = 'en'): string =>
  lang === 'fr' ? `${FR_PREFIX}${APP_PREFIX}` : APP_PREFIX;

/** Where /app and unknown /app paths lead: Create Your Avatar. */
export function appHomePath(lang: Language = 'en'): string {
  return pagePath('appCreate', lang);
}

export function pagePath(id: PageId, lang: Language = 'en'): string {
  const p = webPages.find((x) => x.id === id);
  if (!p) throw new Error(`Unknown page ${id}`);
  if (lang === 'fr' && p.localized) return p.path === '/' ? FR_PREFIX : `${FR_PREFIX}${p.path}`;
  return p.path;
}

/** The language of a browser path: its first segment, English as the fallback. */
export function languageOfPath(pathname: string): Language {
  return pathname === FR_PREFIX || pathname.startsWith(`${FR_PREFIX}/`) ? 'fr' : 'en';
}

/** The same page in the other language: adds or removes the /fr prefix. */
export function switchLanguagePath(pathname: string, to: Language): string {
  const bare = languageOfPath(pathname) === 'fr' ? pathname.slice(FR_PREFIX.length) || '/' : pathname;
  if (to === 'en') return bare;
  const target = webPages.find((p) => p.path === bare);
  if (target && !target.localized) return bare;
  return bare === '/' ? FR_PREFIX : `${FR_PREFIX}${bare}`;
}
