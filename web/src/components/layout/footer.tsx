// The site footer: links only to pages that exist, and a contact mail link. The address
// comes from the build's configuration (config/company.ts); a build without one links to the terms' contact
// section instead, which says that the operator's details are not configured.

import { Link } from 'react-router';
import type { PageId } from '#shared/web-routes.ts';
import { contactEmail } from '../../config/company.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { Logo } from './logo.tsx';
import './footer.css';

type LinkLabel =
  | 'nav.home'
  | 'nav.pricing'
  | 'nav.headshots'
  | 'common.login'
  | 'common.signup'
  | 'footer.terms'
  | 'footer.privacy';

const COLUMNS: {
  title: 'footer.product' | 'footer.account' | 'footer.legal';
  links: { id: PageId; label: LinkLabel }[];
}[] = [
  {
    title: 'footer.product',
    links: [
      { id: 'home', label: 'nav.home' },
      { id: 'linkedinHeadshot', label: 'nav.headshots' },
      { id: 'pricing', label: 'nav.pricing' },
    ],
  },
  {
    title: 'footer.account',
    links: [
      { id: 'login', label: 'common.login' },
      { id: 'signup', label: 'common.signup' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { id: 'terms', label: 'footer.terms' },
      { id: 'privacy', label: 'footer.privacy' },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <Logo to={path('home')} />
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        <div className="footer__columns">
          {COLUMNS.map((column) => (
            <nav key={column.title} className="footer__column" aria-label={t(column.title)}>
              <h2 className="footer__heading">{t(column.title)}</h2>
              <ul>
                {column.links.map((l) => (
                  <li key={l.id}>
                    <Link to={path(l.id)}>{t(l.label)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div className="footer__column">
            <h2 className="footer__heading">{t('footer.help')}</h2>
            <ul>
              <li>
                {contactEmail ? (
                  <a href={`mailto:${contactEmail}`}>{t('footer.contact')}</a>
                ) : (
                  // A plain link: the terms are a prerendered document, and the browser scrolls to the anchor.
                  <a href={`${path('terms')}#contact`}>{t('footer.contact')}</a>
                )}
              </li>
            </ul>
          </div>
        </div>
      </div>
      <div className="container">
        <div className="footer__bottom">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
