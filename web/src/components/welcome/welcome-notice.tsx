// The welcome a new user sees on the first app screen after activating the account (lib/welcome.ts): the
// free tokens and the next step. Any app screen may render it; only the first one shown displays it.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { dismissWelcome, welcomeFor } from '../../lib/welcome.ts';
import { buttonClass } from '../ui/button.tsx';
import { CloseIcon, CoinIcon } from '../ui/icons.tsx';
import './welcome-notice.css';

export function WelcomeNotice() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { pathname } = useLocation();
  const [welcome, setWelcome] = useState(() => welcomeFor(pathname));
  if (!welcome) return null;
  const close = () => {
    dismissWelcome();
    setWelcome(null);
  };
  return (
    <section className="welcome card" aria-labelledby="welcome-title" data-testid="welcome">
      <span className="welcome__coin" aria-hidden="true">
        <CoinIcon />
      </span>
      <div className="welcome__body">
        <h2 id="welcome-title">{t('welcome.title')}</h2>
        {welcome.bonus > 0 && (
          <p className="welcome__tokens">{t('welcome.tokens', { count: welcome.bonus })}</p>
        )}
        <p>{t('welcome.nextUpload')}</p>
        <Link to={path('appUpload')} className={buttonClass({ size: 'sm' })} onClick={dismissWelcome}>
          {t('welcome.uploadAction')}
        </Link>
      </div>
      <button type="button" className="welcome__close" onClick={close} aria-label={t('welcome.dismiss')}>
        <CloseIcon />
      </button>
    </section>
  );
}
