// Renders a page to HTML at build time (web/scripts/prerender.ts), with the same tree as the browser.
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import type { Language } from '../../shared/language.ts';
import { AppTree } from './app/app.tsx';

let ready: Promise<unknown> | undefined;

export async function renderPage(url: string, lang: Language): Promise<string> {
  ready ??= Promise.all([import('./locales/en.json'), import('./locales/fr.json')]).then(([en, fr]) =>
    i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: ['en', 'fr'],
      resources: { en: { translation: en.default }, fr: { translation: fr.default } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    }),
  );
  await ready;
  await i18next.changeLanguage(lang);
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
