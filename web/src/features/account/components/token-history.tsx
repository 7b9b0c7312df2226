// The token ledger: every change to the balance, with its reason and the balance after it; above them,
// a pack paid by bank debit while the bank has not confirmed it (its tokens not in the balance yet), or
// refused.

import type { LedgerEntry } from '#shared/api-schemas.ts';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useTokenLedger } from '../api/token-ledger.ts';

type ReasonKey = `account.reason_${LedgerEntry['reason']}`;
type PoolKey = `account.pool_${LedgerEntry['pool']}`;

export function TokenHistory({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // A new balance means a new ledger entry: reload.
  const { state, retry } = useTokenLedger(balance);

  return (
    <section className="card panel-card history" aria-labelledby="history-title">
      <h2 id="history-title">{t('account.historyTitle')}</h2>
      {state.status === 'loading' && (
        <div className="history__status">
          <Spinner label={t('common.loading')} />
        </div>
      )}
      {state.status === 'error' && <RetryAlert message={t('account.historyFailed')} onRetry={retry} />}
      {state.status === 'ready' && state.entries.length + state.delayed.length === 0 && (
        <p className="history__status muted">{t('account.historyEmpty')}</p>
      )}
      {state.status === 'ready' && state.entries.length + state.delayed.length > 0 && (
        <table className="history__table">
          <thead>
            <tr>
              <th scope="col">{t('account.colDate')}</th>
              <th scope="col">{t('account.colActivity')}</th>
              <th scope="col">{t('account.colPool')}</th>
              <th scope="col" className="num">
                {t('account.colChange')}
              </th>
              <th scope="col" className="num">
                {t('account.colBalance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {state.delayed.map((payment) => (
              <tr
                key={payment.id}
                data-reason="purchase"
                data-state={payment.state}
                className="history__delayed"
              >
                <td data-label={t('account.colDate')}>
                  <time dateTime={isoDate(payment.created_at)}>
                    {formatDate(payment.created_at, 'dateTime', lang)}
                  </time>
                </td>
                <td data-label={t('account.colActivity')} className="history__reason">
                  <span>{t('account.reason_purchase')}</span>
                  <span className={`history__state history__state--${payment.state}`}>
                    {payment.state === 'pending' ? t('account.delayedPending') : t('account.delayedFailed')}
                  </span>
                </td>
                <td data-label={t('account.colPool')}>
                  <span className="pool pool--ltd">{t('account.pool_ltd')}</span>
                </td>
                <td data-label={t('account.colChange')} className="num">
                  <span className="amount amount--waiting">+{payment.tokens}</span>
                </td>
                <td data-label={t('account.colBalance')} className="num">
                  –
                </td>
              </tr>
            ))}
            {state.entries.map((entry) => (
              <tr key={entry.id} data-reason={entry.reason}>
                <td data-label={t('account.colDate')}>
                  <time dateTime={isoDate(entry.created_at)}>
                    {formatDate(entry.created_at, 'dateTime', lang)}
                  </time>
                </td>
                <td data-label={t('account.colActivity')} className="history__reason">
                  {t(`account.reason_${entry.reason}` as ReasonKey)}
                </td>
                <td data-label={t('account.colPool')}>
                  <span className={`pool pool--${entry.pool}`}>
                    {t(`account.pool_${entry.pool}` as PoolKey)}
                  </span>
                </td>
                <td data-label={t('account.colChange')} className="num">
                  <span className={entry.amount >= 0 ? 'amount amount--in' : 'amount amount--out'}>
                    {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                  </span>
                </td>
                <td data-label={t('account.colBalance')} className="num">
                  {entry.balance_after}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
