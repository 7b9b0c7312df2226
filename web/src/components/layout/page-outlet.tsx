import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { RouteErrorBoundary } from '../errors/route-error-boundary.tsx';
import { Spinner } from '../ui/spinner.tsx';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading">
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  );
}

/** Where a layout renders its page: lazy-loaded, with its own error boundary (reset on each path). */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
