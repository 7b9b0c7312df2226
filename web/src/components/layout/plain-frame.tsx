// The plain frame of a public page in the middle of a task (`plain` in shared/web-routes.ts: the phone's
// capture page, docs/product.md "Selfies from the phone"): the logo and the language above, one line with
// the privacy policy below. No menu, sign-in links or marketing footer: on a phone, halfway through five
// selfies, they are only ways off the page. Such a page is routed outside the site's layout and draws this
// frame itself, so the frame loads with its chunk (web/vite.config.ts keeps it out of the landing page's).
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import './plain-frame.css';

export function PlainFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="plain-header">
        <div className="container plain-header__inner">
          <Logo to={path('home')} />
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="page-main">
        {children}
      </main>
      <footer className="plain-footer">
        <div className="container">
          {/* A tab of its own: the task, and what this page holds of it, stay where they are. No referrer:
              the page's address may hold a secret (the capture link's code, features/capture). */}
          <a href={path('privacy')} target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </a>
        </div>
      </footer>
    </>
  );
}
