import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { languageOfPath } from '#shared/web-routes.ts';
import { switchLanguage } from '../lib/i18n.ts';
import { leavePrerenderedDocument } from '../lib/prerendered.ts';

/** On every path change: back to the top of the page, and the language of the new path. */
export function NavigationEffects() {
  const { pathname, hash } = useLocation();

  useLayoutEffect(() => {
    leavePrerenderedDocument(pathname);
    // A link to an anchor scrolls to that anchor instead.
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  useEffect(() => {
    switchLanguage(languageOfPath(pathname)).catch((e: unknown) => console.error('Language switch', e));
  }, [pathname]);

  return null;
}
