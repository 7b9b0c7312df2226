// The navbar of /app pages (spec section 2): links to the app screens that exist, the user's email
// (fallback "User"), the token balance, Subscription (with a payment customer id only, once the API serves
// the billing dashboard) and Logout.
import { useState } from 'react';
import { NavLink } from 'react-router';
import { appHomePath, type PageId, pagePath } from '../../../../shared/web-routes.ts';
import { isServed } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/language.ts';
import { isPageBuilt } from '../../lib/pages.ts';
import { tokenBalance, useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toasts.ts';
import { Button } from '../ui/button.tsx';
import { CardIcon, CloseIcon, CoinIcon, LogoutIcon, MenuIcon, UserIcon } from '../ui/icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { openBillingDashboard } from './open-billing-dashboard.ts';
import { useNavMenu, useScrolledPast } from './use-nav-menu.ts';
import './navbar.css';

const APP_LINKS: {
  id: PageId;
  label: 'nav.createAvatar' | 'nav.managePhotos' | 'nav.myAvatars' | 'nav.account';
}[] = [
  { id: 'appCreate', label: 'nav.createAvatar' },
  { id: 'appUpload', label: 'nav.managePhotos' },
  { id: 'appGallery', label: 'nav.myAvatars' },
  { id: 'appAccount', label: 'nav.account' },
];

export function AppNavbar() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const lang = useLanguage();
  const menu = useNavMenu();
  const scrolled = useScrolledPast();
  const [opening, setOpening] = useState(false);

  const onSubscription = async () => {
    setOpening(true);
    try {
      await openBillingDashboard();
    } catch (e) {
      console.error('Billing dashboard', e);
      toast.error(t('billing.dashboardFailed'));
      setOpening(false);
    }
  };

  return (
    <header
      className={`navbar navbar--app${scrolled ? ' navbar--scrolled' : ''}${menu.open ? ' navbar--open' : ''}`}
    >
      <div className="container navbar__inner">
        <Logo to={appHomePath(lang)} />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menu.open}
          aria-controls="app-menu"
          aria-label={menu.open ? t('common.closeMenu') : t('common.openMenu')}
          onClick={menu.toggle}
        >
          {menu.open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div className="navbar__menu" id="app-menu">
          <nav className="navbar__links" aria-label={t('nav.primary')}>
            {APP_LINKS.filter((l) => isPageBuilt(l.id)).map((l) => (
              <NavLink key={l.id} onClick={menu.close} to={pagePath(l.id, lang)} className="navbar__link">
                {t(l.label)}
              </NavLink>
            ))}
          </nav>
          <div className="navbar__actions">
            <LanguageSwitch />
            <span className="token-pill" title={t('nav.tokenBalance')} data-testid="token-balance">
              <CoinIcon />
              {user ? t('common.tokens', { count: tokenBalance(user) }) : '…'}
            </span>
            <span className="navbar__user" title={user?.email}>
              <UserIcon />
              <span className="navbar__user-email">{user?.email ?? t('common.user')}</span>
            </span>
            {user?.stripe_customer_id && isServed('billingDashboard') && (
              <Button variant="secondary" size="sm" loading={opening} onClick={onSubscription}>
                {!opening && <CardIcon />}
                {t('nav.subscription')}
              </Button>
            )}
            <Button variant="secondary" size="sm" onClick={logout}>
              <LogoutIcon />
              {t('common.logout')}
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}
