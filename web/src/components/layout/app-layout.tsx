// The app's frame (navbar, main area) around each /app screen. While a screen's code arrives, its shape is
// drawn (never a blank page); the other screens' code is fetched when a link to them is pointed
// at or focused, so moving between screens shows the next one at once.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { finishLeftBehindDeletes } from '../../lib/photo-deletes.ts';
import { invalidateRoutes, ServerStateProvider } from '../../lib/server-state.tsx';
import { useSession } from '../../lib/session.tsx';
import { RouteErrorBoundary } from '../errors/route-error-boundary.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { PageSkeleton } from './app-skeleton.tsx';
import { PublicNavbar } from './public-navbar.tsx';
import './app-layout.css';

/** The screen of the path, lazy-loaded, with its own error boundary (reset on each path). */
function AppPageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export default function AppLayout() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  // A tab closed while a photo's delete could still be undone: that delete is sent now.
  useEffect(() => {
    void finishLeftBehindDeletes().then((deleted) => {
      if (deleted > 0) void invalidateRoutes('listPhotos');
    });
  }, []);
  return (
    <ServerStateProvider>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {/* Signed out on this page (the account deleted): the signed-out frame, no email, balance or Log out. */}
      {signedIn ? <AppNavbar /> : <PublicNavbar />}
      <main id="main" className="page-main app-main">
        <AppPageOutlet />
      </main>
    </ServerStateProvider>
  );
}
