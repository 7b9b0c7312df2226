// French and English flags: same page in the other language, with a full page load.
import { type JSX, useId } from 'react';
import { useLocation } from 'react-router';
import { switchLanguagePath, webPages } from '#shared/web-routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { barePath, type Language, useLanguage } from '../../lib/language.ts';
import './language-switch.css';

function FrenchFlag() {
  return (
    <svg viewBox="0 0 3 2" aria-hidden="true" focusable="false" className="flag">
      <path fill="#002654" d="M0 0h1v2H0z" />
      <path fill="#fff" d="M1 0h1v2H1z" />
      <path fill="#ce1126" d="M2 0h1v2H2z" />
    </svg>
  );
}

function BritishFlag() {
  const clip = useId();
  return (
    <svg viewBox="0 0 60 40" aria-hidden="true" focusable="false" className="flag">
      <clipPath id={clip}>
        <path d="M30 20h30v20zv20H0zH0V0zV0h30z" />
      </clipPath>
      <path fill="#012169" d="M0 0h60v40H0z" />
      <path stroke="#fff" strokeWidth="8" d="M0 0l60 40m0-40L0 40" />
      <path stroke="#c8102e" strokeWidth="5" d="M0 0l60 40m0-40L0 40" clipPath={`url(#${clip})`} />
      <path stroke="#fff" strokeWidth="12" d="M30 0v40M0 20h60" />
      <path stroke="#c8102e" strokeWidth="7" d="M30 0v40M0 20h60" />
    </svg>
  );
}

const OPTIONS: { lang: Language; code: string; Flag: () => JSX.Element }[] = [
  { lang: 'fr', code: 'FR', Flag: FrenchFlag },
  { lang: 'en', code: 'EN', Flag: BritishFlag },
];

export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const current = useLanguage();
  const { t } = useTranslation();
  // Pages without a French version (the login-link page, the app) have nothing to switch to.
  const page = webPages.find((p) => p.path === barePath(pathname));
  if (page && !page.localized) return null;
  return (
    <nav className="language-switch" aria-label={t('nav.language')}>
      {OPTIONS.map(({ lang, code, Flag }) => (
        // A plain link: switching language reloads the page.
        <a
          key={lang}
          href={`${switchLanguagePath(pathname, lang)}${search}`}
          hrefLang={lang}
          lang={lang}
          className="language-switch__option"
          aria-current={lang === current ? 'true' : undefined}
          title={lang === 'fr' ? t('nav.french') : t('nav.english')}
        >
          <Flag />
          <span>{code}</span>
          <span className="visually-hidden">{lang === 'fr' ? t('nav.french') : t('nav.english')}</span>
        </a>
      ))}
    </nav>
  );
}
