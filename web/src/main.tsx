// Start-up: read the runtime config and the current language's strings (in parallel with the current
// page's code), then render, or hydrate a page that was prerendered.
// The design tokens and base styles first: every component's CSS builds on them.
import './styles/tokens.css';
import './styles/base.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appPrefix, languageOfPath, pagePath } from '#shared/web-routes.ts';
import { App } from './app/app.tsx';
import { preloadPageAt } from './app/lazy-pages.ts';
import { startI18n } from './lib/i18n.ts';
import { markPrerenderedDocument, markShellDocument } from './lib/prerendered.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { getToken } from './lib/session-store.ts';

const STARTUP_FAILED = {
  en: 'Aivatar could not start. Please check your connection and reload the page.',
  fr: "Aivatar n'a pas pu démarrer. Vérifiez votre connexion puis rechargez la page.",
};

const root = document.getElementById('root') as HTMLElement;
const { pathname } = window.location;
const lang = languageOfPath(pathname);
const prerendered = root.firstElementChild !== null;

if (prerendered && getToken() && pathname === pagePath('home', lang)) {
  // A signed-in visitor on the landing page belongs in the app.
  window.location.replace(appPrefix(lang));
} else {
  const page = preloadPageAt(pathname);
  Promise.all([loadRuntimeConfig(), startI18n(lang), page])
    .then(() => {
      if (prerendered) {
        markPrerenderedDocument(pathname);
        hydrateRoot(root, <App />);
      } else {
        markShellDocument(pathname);
        createRoot(root).render(<App />);
      }
    })
    .catch((error: unknown) => {
      console.error('Start-up failed', error);
      const message = document.createElement('p');
      message.className = 'startup-error';
      message.setAttribute('role', 'alert');
      message.textContent = STARTUP_FAILED[lang];
      root.replaceChildren(message);
    });
}
