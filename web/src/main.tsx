// Start-up: read the runtime config and the current language's strings (in parallel with the current
// page's code), then render.
import { createRoot } from 'react-dom/client';
import { languageOfPath } from '../../shared/web-routes.ts';
import { App } from './app/app.tsx';
import { preloadPageAt } from './app/lazy-pages.ts';
import { startI18n } from './lib/i18n.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';

const STARTUP_FAILED = {
  en: 'Aivatar could not start. Please check your connection and reload the page.',
  fr: "Aivatar n'a pas pu démarrer. Vérifiez votre connexion puis rechargez la page.",
};

const root = document.getElementById('root') as HTMLElement;
const lang = languageOfPath(window.location.pathname);
preloadPageAt(window.location.pathname);

Promise.all([loadRuntimeConfig(), startI18n(lang)])
  .then(() => createRoot(root).render(<App />))
  .catch((error: unknown) => {
    console.error('Start-up failed', error);
    const message = document.createElement('p');
    message.className = 'startup-error';
    message.setAttribute('role', 'alert');
    message.textContent = STARTUP_FAILED[lang];
    root.replaceChildren(message);
  });
