// Wraps the route of a prerendered page: shown from its own HTML document, never rebuilt in the browser
// (see lib/prerendered.ts). A client-side navigation to it loads the document instead.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { languageOfPath, pagePath } from '#shared/web-routes.ts';
import { isPrerenderedDocument, isShellDocument } from '../lib/prerendered.ts';
import { PageLoading } from './layout/page-outlet.tsx';

export function DocumentPage({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const inDocument = import.meta.env.SSR || isPrerenderedDocument(pathname);
  // Loading this address already gave the empty document: loading it again would give it again, forever.
  const hostHasNoPage = !inDocument && isShellDocument(pathname);
  // The router has already put this address in the bar: load it. (Asking for the same address again with
  // location.replace would, with a #hash, only scroll the current page and leave it on the spinner.)
  useEffect(() => {
    if (!inDocument && !hostHasNoPage) window.location.reload();
  }, [inDocument, hostHasNoPage]);
  if (inDocument) return children;
  const home = pagePath('home', languageOfPath(pathname));
  if (hostHasNoPage) return pathname === home ? children : <Navigate to={home} replace />;
  return <PageLoading />;
}
