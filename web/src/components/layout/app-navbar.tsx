// The navbar of /app pages: links to the app screens that exist, the user's email
// (fallback "User"), the token balance, the billing dashboard's button (with a payment customer id only) and
// Logout. That button says "Subscription" to a subscriber only: anyone else with a customer id (a pack bought)
// finds invoices and payment methods there, so it says "Billing".
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { appHomePath, type PageId, pagePath } from '#shared/web-routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/language.ts';
import { pageChunks } from '../../lib/page-chunks.ts';
import { routeQuery } from '../../lib/server-state.tsx';
import { useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toasts.ts';
import { Button } from '../ui/button.tsx';
import { CardIcon, CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { AccountActions } from './account-actions.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { openBillingDashboard } from './open-billing-dashboard.ts';
import { useNavMenu, useScrolledPast } from './use-nav-menu.ts';
import './navbar.css';

const APP_LINKS: {
  id: PageId;
  label: 'nav.createAvatar' | 'nav.managePhotos' | 'nav.myAvatars' | 'nav.team' | 'nav.account';
}[] = [
  { id: 'appCreate', label: 'nav.createAvatar' },
  { id: 'appUpload', label: 'nav.managePhotos' },
  { id: 'appGallery', label: 'nav.myAvatars' },
  { id: 'appTeam', label: 'nav.team' },
  { id: 'appAccount', label: 'nav.account' },
];

export function AppNavbar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const lang = useLanguage();
  const menu = useNavMenu();
  const scrolled = useScrolledPast();
  const [opening, setOpening] = useState(false);
  const subscribed =
    useQuery({
      ...routeQuery('checkSubscription'),
      enabled: Boolean(user?.stripe_customer_id),
      staleTime: 60_000,
      retry: false,
    }).data?.hasActiveSubscription === true;
  const dashboardLabel = subscribed ? t('nav.subscription') : t('nav.billing');

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
      className={`navbar navbar--app navbar--signed-in${scrolled ? ' navbar--scrolled' : ''}${menu.open ? ' navbar--open' : ''}`}
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
            {APP_LINKS.map((l) => (
              <NavLink
                key={l.id}
                onClick={menu.close}
                // The screen's code, fetched as the pointer or the focus comes to its link.
                onPointerEnter={() => void pageChunks[l.id]?.preload()}
                onFocus={() => void pageChunks[l.id]?.preload()}
                to={pagePath(l.id, lang)}
                className="navbar__link"
              >
                {t(l.label)}
              </NavLink>
            ))}
          </nav>
          <div className="navbar__actions">
            <LanguageSwitch />
            <AccountActions>
              {user?.stripe_customer_id && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={opening}
                  onClick={onSubscription}
                  title={dashboardLabel}
                >
                  {!opening && <CardIcon />}
                  <span className="navbar__label">{dashboardLabel}</span>
                </Button>
              )}
            </AccountActions>
          </div>
        </div>
      </div>
    </header>
  );
}
