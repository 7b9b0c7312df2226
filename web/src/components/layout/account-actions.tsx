// The signed-in user's part of both navbars, in one order: the email (fallback "User"),
// the token balance (a link to the packs), anything a bar adds (the app's Subscription), Log out. On a
// narrow desktop the email and the buttons' labels give way first (the full address stays in the email's
// title), never the flags.
import type { ReactNode } from 'react';
import { pagePath } from '#shared/web-routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/language.ts';
import { tokenBalance, useSession } from '../../lib/session.tsx';
import { Button } from '../ui/button.tsx';
import { CoinIcon, LogoutIcon, UserIcon } from '../ui/shell-icons.tsx';

/** An address in two parts, so that where it may wrap (the phone menu) it breaks before its @. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      <span>{email.slice(0, at)}</span>
      <span>{email.slice(at)}</span>
    </>
  );
}

/** `onNavigate`: the bar's menu closes when the balance's link only scrolls this page (the pricing page). */
export function AccountActions({ children, onNavigate }: { children?: ReactNode; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const lang = useLanguage();
  return (
    <>
      <span className="navbar__user" title={user?.email} data-testid="navbar-email">
        <UserIcon />
        <span className="navbar__user-email">
          {user ? <EmailText email={user.email} /> : t('common.user')}
        </span>
      </span>
      {/* The balance is the way to buy more: a "+" beside it, its name "Buy tokens". A plain
          link, as the bar's Tokens link: the pricing page is shown from its own document, which scrolls to the
          packs (also when already on it). */}
      <a
        href={`${pagePath('pricing', lang)}#tokens`}
        onClick={onNavigate}
        className="token-pill"
        title={t('nav.buyTokens')}
      >
        <CoinIcon />
        <span data-testid="token-balance">
          {user ? t('common.tokens', { count: tokenBalance(user) }) : '…'}
        </span>
        <span className="token-pill__buy">{t('nav.buyTokens')}</span>
      </a>
      {children}
      <Button variant="secondary" size="sm" onClick={logout} title={t('common.logout')}>
        <LogoutIcon />
        <span className="navbar__label">{t('common.logout')}</span>
      </Button>
    </>
  );
}
