// Renders a page to HTML at build time (web/scripts/prerender.ts), with the same tree as the browser.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '#shared/language.ts';
import { AppTree } from './app/app.tsx';
import { startI18nForPrerendering } from './lib/i18n.ts';

export async function renderPage(url: string, lang: Language): Promise<string> {
  await startI18nForPrerendering(lang);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <AppTree />
      </StaticRouter>
    </StrictMode>,
    // A finished page is written in place. By default React moves a Suspense boundary's content over 12.8 KB
    // (every lazy page that is long enough) behind an inline reveal script, which the site's CSP blocks:
    // the page would stay hidden and hydration would render it a second time.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
