// The welcome a new user sees on the first app screen after activating the account (lib/welcome.ts): the
// free tokens and the next step. Any app screen may render it; only the first one shown displays it, and
// each line only while what it says holds: the free tokens while the balance is still those tokens (nothing
// bought or spent), the next step while the account has fewer photos than creating needs.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { routeQuery } from '../../lib/server-state.tsx';
import { tokenBalance, useSession } from '../../lib/session.tsx';
import { dismissWelcome, welcomeFor } from '../../lib/welcome.ts';
import { buttonClass } from '../ui/button.tsx';
import { CloseIcon, CoinIcon } from '../ui/icons.tsx';
import './welcome-notice.css';

export function WelcomeNotice() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { pathname } = useLocation();
  const [welcome, setWelcome] = useState(() => welcomeFor(pathname));
  const { user } = useSession();
  // The screens that show the welcome read the photos too: the same cached read.
  const photos = useQuery({ ...routeQuery('listPhotos'), enabled: welcome !== null });
  if (!welcome) return null;
  // Until the user and the photos are read, each line holds as it did at activation.
  const tokensHold =
    welcome.bonus > 0 && (!user || (user.tokens_subscription === 0 && tokenBalance(user) === welcome.bonus));
  const uploadHolds = (photos.data?.files.length ?? 0) < PHOTO_LIMITS.neededForAvatars;
  if (!tokensHold && !uploadHolds) return null;
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
        {tokensHold && <p className="welcome__tokens">{t('welcome.tokens', { count: welcome.bonus })}</p>}
        {uploadHolds && (
          <>
            <p>{t('welcome.nextUpload')}</p>
            <Link to={path('appUpload')} className={buttonClass({ size: 'sm' })} onClick={dismissWelcome}>
              {t('welcome.uploadAction')}
            </Link>
          </>
        )}
      </div>
      <button type="button" className="welcome__close" onClick={close} aria-label={t('welcome.dismiss')}>
        <CloseIcon />
      </button>
    </section>
  );
}
