// The navbar of public pages: Home, Create Avatar (signed in), Pricing and Tokens (the pricing page's token
// packs), Login / Sign Up or the signed-in user's email, tokens and Logout, and the language flags.

import { Link, NavLink } from 'react-router';
import { appPrefix } from '#shared/web-routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLanguage, useLocalizedPath } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { buttonClass } from '../ui/button.tsx';
import { CloseIcon, MenuIcon } from '../ui/shell-icons.tsx';
import { AccountActions } from './account-actions.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { useNavMenu, useScrolledPast } from './use-nav-menu.ts';
import './navbar.css';

export function PublicNavbar() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const lang = useLanguage();
  const { signedIn } = useSession();
  const menu = useNavMenu();
  const scrolled = useScrolledPast();

  return (
    <header
      className={`navbar${signedIn ? ' navbar--signed-in' : ''}${scrolled ? ' navbar--scrolled' : ''}${menu.open ? ' navbar--open' : ''}`}
    >
      <div className="container navbar__inner">
        <Logo to={path('home')} />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menu.open}
          aria-controls="public-menu"
          aria-label={menu.open ? t('common.closeMenu') : t('common.openMenu')}
          onClick={menu.toggle}
        >
          {menu.open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div className="navbar__menu" id="public-menu">
          <nav className="navbar__links" aria-label={t('nav.primary')}>
            <NavLink onClick={menu.close} to={path('home')} end className="navbar__link">
              {t('nav.home')}
            </NavLink>
            {signedIn && (
              <NavLink onClick={menu.close} to={appPrefix(lang)} className="navbar__link">
                {t('nav.createAvatar')}
              </NavLink>
            )}
            <NavLink onClick={menu.close} to={path('pricing')} className="navbar__link">
              {t('nav.pricing')}
            </NavLink>
            {/* A plain link: the browser scrolls to the token packs, also when already on the pricing page. */}
            <a onClick={menu.close} href={`${path('pricing')}#tokens`} className="navbar__link">
              {t('nav.tokens')}
            </a>
          </nav>
          <div className="navbar__actions">
            <LanguageSwitch />
            {signedIn ? (
              <AccountActions onNavigate={menu.close} />
            ) : (
              <>
                <Link
                  onClick={menu.close}
                  to={path('login')}
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                >
                  {t('common.login')}
                </Link>
                <Link
                  onClick={menu.close}
                  to={path('signup')}
                  className={buttonClass({ variant: 'primary', size: 'sm' })}
                >
                  {t('common.signup')}
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
