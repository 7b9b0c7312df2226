// Wraps the route of a prerendered page: shown from its own HTML document, never rebuilt in the browser
// (see lib/prerendered.ts). A client-side navigation to it loads the document instead.
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { isPrerenderedDocument } from '../lib/prerendered.ts';
import { PageLoading } from './layout/page-outlet.tsx';

export function DocumentPage({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const inDocument = import.meta.env.SSR || isPrerenderedDocument(pathname);
  useEffect(() => {
    if (!inDocument) window.location.replace(`${pathname}${search}${hash}`);
  }, [inDocument, pathname, search, hash]);
  return inDocument ? children : <PageLoading />;
}
