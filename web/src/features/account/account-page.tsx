// /app/account: the email, set or change the password, the token balance and its history. Opened from the
// deletion email's link (?delete=<code>), it shows only the deletion's confirmation, at the top.
import './strings.ts';
import { useSearchParams } from 'react-router';
import { SkeletonPanels } from '../../components/layout/app-skeleton.tsx';
import { CheckIcon, GoogleIcon, MailIcon } from '../../components/ui/icons.tsx';
import { WelcomeNotice } from '../../components/welcome/welcome-notice.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { tokenBalance, useSession } from '../../lib/session.tsx';
import { useCheckoutReturn } from './checkout-return.ts';
import { AdminCard } from './components/admin-card.tsx';
import { CheckoutNotice } from './components/checkout-notice.tsx';
import { DeletionLinkConfirm } from './components/deletion-link-confirm.tsx';
import { DeletedPanel } from './components/deletion-progress.tsx';
import { NotificationCard } from './components/notification-card.tsx';
import { PasswordForm } from './components/password-form.tsx';
import { PrivacyCard } from './components/privacy-card.tsx';
import { TokenCard } from './components/token-card.tsx';
import { TokenHistory } from './components/token-history.tsx';
import '../../components/layout/app-screens.css';
import './account.css';
import '../../lib/app-routes.ts';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';

export default function AccountPage() {
  const { t } = useTranslation();
  const { user, userStatus, refreshUser, sessionEnded } = useSession();
  const deletionCode = useSearchParams()[0].get('delete');
  const checkoutNotice = useCheckoutReturn();

  // The account was deleted on this page: only that it is gone, in the signed-out frame.
  if (sessionEnded) {
    return (
      <div className="container account">
        <title>{documentTitle(t('account.title'))}</title>
        <section className="card panel-card" data-testid="account-deleted">
          <DeletedPanel dropReads />
        </section>
      </div>
    );
  }

  return (
    <div className="container account">
      <title>{documentTitle(t('account.title'))}</title>
      {/* Opened from the deletion email, the confirmation is the page and its title (item 11). */}
      {!deletionCode && (
        <>
          <header className="app-page-header">
            <h1>{t('account.title')}</h1>
            <p className="muted">{t('account.subtitle')}</p>
          </header>
          <WelcomeNotice />
          {checkoutNotice && <CheckoutNotice notice={checkoutNotice} />}
        </>
      )}
      {!user && userStatus === 'error' && (
        <RetryAlert message={t('account.userLoadFailed')} onRetry={() => void refreshUser()} />
      )}
      {!user && userStatus !== 'error' && <SkeletonPanels count={2} />}
      {user && deletionCode && (
        <DeletionLinkConfirm code={deletionCode} email={user.email} balance={tokenBalance(user)} />
      )}
      {user && !deletionCode && (
        <div className="split-layout account__grid">
          <div className="split-layout__main account__main">
            <section className="card panel-card" aria-labelledby="profile-title">
              <header className="account-card__header">
                <span className="panel-card__icon">
                  <MailIcon />
                </span>
                <div>
                  <h2 id="profile-title">{t('account.profileTitle')}</h2>
                </div>
              </header>
              <dl className="profile">
                <div>
                  <dt>{t('account.emailLabel')}</dt>
                  <dd data-testid="account-email">{user.email}</dd>
                </div>
                <div>
                  <dt>{t('account.signInMethods')}</dt>
                  <dd>
                    <div className="profile__methods">
                      <span className="method">
                        <CheckIcon />
                        {t('account.methodLink')}
                      </span>
                      {user.has_password && (
                        <span className="method">
                          <CheckIcon />
                          {t('account.methodPassword')}
                        </span>
                      )}
                      {user.google_sign_in && (
                        <span className="method">
                          <GoogleIcon />
                          {t('account.methodGoogle')}
                        </span>
                      )}
                    </div>
                    {user.google_sign_in && (
                      <p className="profile__note" data-testid="google-sign-in">
                        {t('account.googleAccount', { email: user.google_sign_in.email })}
                      </p>
                    )}
                  </dd>
                </div>
              </dl>
            </section>
            <PasswordForm email={user.email} hasPassword={user.has_password} />
          </div>
          <div className="split-layout__side account__side">
            {/* Sticky inside the side column only: it never slides over the history below. */}
            <div className="account__side-cards">
              <TokenCard user={user} />
              <NotificationCard />
              {user.is_admin && <AdminCard />}
            </div>
          </div>
          <div className="split-layout__wide account__wide">
            <TokenHistory balance={tokenBalance(user)} />
            <PrivacyCard hasPassword={user.has_password} />
          </div>
        </div>
      )}
    </div>
  );
}
