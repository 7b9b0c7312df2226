import { Link } from 'react-router';
import type { UserInfo } from '#shared/api-schemas.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CoinIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { tokenBalance } from '../../../lib/session.tsx';

export function TokenCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <section className="card panel-card token-card" aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="token-card__title">
        {t('account.tokensTitle')}
      </h2>
      <div className="token-card__balance">
        <span className="token-card__coin">
          <CoinIcon />
        </span>
        <div>
          <p className="token-card__number" data-testid="account-balance">
            {tokenBalance(user)}
          </p>
          <p className="token-card__label">{t('account.balanceLabel')}</p>
        </div>
      </div>
      <dl className="token-card__pools">
        <div>
          <dt>{t('account.lifetime')}</dt>
          <dd>{user.tokens_ltd}</dd>
        </div>
        <div>
          <dt>{t('account.monthly')}</dt>
          <dd>{user.tokens_subscription}</dd>
        </div>
      </dl>
      <Link to={path('pricing')} className={buttonClass({ variant: 'secondary', block: true })}>
        {t('account.buyMore')}
      </Link>
    </section>
  );
}
