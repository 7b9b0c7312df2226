// The signed-in app's layout as its own chunk, and the preload of the page the browser opened (the screens'
// chunks are lib/page-chunks.ts, which the navbar preloads from too).
import { matchPath } from 'react-router';
import { webPages } from '#shared/web-routes.ts';
import { barePath } from '../lib/language.ts';
import { lazyChunk, pageChunks } from '../lib/page-chunks.ts';

export const appLayoutChunk = lazyChunk(() => import('../components/layout/app-layout.tsx'));

/** Starts downloading the screen of the page the browser opened, alongside the app's start-up. */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const bare = barePath(pathname);
  // matchPath: a page's path may have a parameter (/capture/:code). A page without a layout (a plain one)
  // has no Suspense above it: main.tsx waits for this preload, so its screen renders at once.
  const page = webPages.find((p) => matchPath(p.path, bare) && (p.localized || bare === pathname));
  if (!page) return Promise.resolve();
  const loads = [pageChunks[page.id]?.preload()];
  if (page.access === 'user') loads.push(appLayoutChunk.preload());
  // A failed download shows in the route's error boundary; nothing to do here.
  return Promise.all(loads).catch(() => undefined);
}
