// The router, generated from the page table in shared/web-routes.ts: only built pages are routed, each
// in English and, when localized, under /fr, inside its layout: the site's, the app's, or none for a page
// that draws the plain frame itself. Addresses follow shared/page-address.ts first, like the hosts.
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { canonicalPagePath } from '#shared/page-address.ts';
import { appHomePath, appPrefix, FR_PREFIX, type Page, type WebPage, webPages } from '#shared/web-routes.ts';
import { DocumentPage } from '../components/document-page.tsx';
import { AppFrameLoading } from '../components/layout/app-frame-loading.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { pageChunks } from '../lib/page-chunks.ts';
import { appLayoutChunk } from './lazy-pages.ts';
import { RedirectWhenSignedIn, RequireUser } from './route-guards.tsx';

function pathsOf(page: WebPage): string[] {
  if (!page.localized) return [page.path];
  return [page.path, page.path === '/' ? FR_PREFIX : `${FR_PREFIX}${page.path}`];
}

function routesFor(pages: Page[]): ReactNode[] {
  return pages.flatMap((page) => {
    const chunk = pageChunks[page.id];
    return pathsOf(page).map((path) => {
      // Prerendered pages are shown from their own HTML document (lib/prerendered.ts).
      const screen = page.indexable ? (
        <DocumentPage>
          <chunk.Component />
        </DocumentPage>
      ) : (
        <chunk.Component />
      );
      const guarded =
        page.access === 'guest' || page.access === 'public-home' ? (
          // The key gives each page its own guard, decided when that page is entered.
          <RedirectWhenSignedIn key={path}>{screen}</RedirectWhenSignedIn>
        ) : (
          screen
        );
      return <Route key={path} path={path} element={guarded} />;
    });
  });
}

const pages = webPages;
// A public page has the site's navbar and footer, unless it draws the plain frame of a page mid-task.
const publicRoutes = routesFor(pages.filter((p: WebPage) => p.access !== 'user' && !p.plain));
const plainRoutes = routesFor(pages.filter((p: WebPage) => p.plain));
const userRoutes = routesFor(pages.filter((p) => p.access === 'user'));
const AppLayout = appLayoutChunk.Component;

export function AppRoutes() {
  const { pathname, search, hash } = useLocation();
  // Another spelling of a page (/Pricing, /pricing/) goes to its own, once; an unreadable one goes home.
  const canonical = canonicalPagePath(pathname);
  if (canonical !== pathname) return <Navigate to={`${canonical ?? '/'}${search}${hash}`} replace />;
  return (
    <Routes>
      <Route element={<PublicLayout />}>{publicRoutes}</Route>
      {plainRoutes}
      <Route
        element={
          <RequireUser>
            {/* A boundary of its own: reached from a public page, the app's frame shows at once instead
                of that page's navbar over nothing while the layout's code arrives. */}
            <Suspense fallback={<AppFrameLoading />}>
              <AppLayout />
            </Suspense>
          </RequireUser>
        }
      >
        {userRoutes}
        {/* /app and unknown /app paths lead to the app's home screen (a splat also matches nothing). */}
        {(['en', 'fr'] as const).map((lang) => (
          <Route
            key={lang}
            path={`${appPrefix(lang)}/*`}
            element={<Navigate to={appHomePath(lang)} replace />}
          />
        ))}
      </Route>
      {/* Any other path leads home, in its language. */}
      <Route path={`${FR_PREFIX}/*`} element={<Navigate to={FR_PREFIX} replace />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
