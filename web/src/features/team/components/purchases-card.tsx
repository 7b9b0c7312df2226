// The team's seat purchases (docs/payments.md, "Team seats"), for owner and admins: each paid one with its
// invoice at Stripe, and a bank debit pending (the seats arrive once the bank confirms it) or refused (no
// seats, nothing charged). Read again while a debit is pending or the page waits for seats just paid for.
import type { SeatPurchase } from '#shared/api-schemas.ts';
import { formatPrice } from '#shared/catalogue.ts';
import { CardIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSeatPurchases } from '../api/team.ts';
import { TeamPanel } from './panel.tsx';

function PurchaseState({ purchase }: { purchase: SeatPurchase }) {
  const { t } = useTranslation();
  if (purchase.state === 'pending')
    return <p className="purchase__state purchase__state--pending">{t('team.purchasePending')}</p>;
  if (purchase.state === 'failed')
    return <p className="purchase__state purchase__state--failed">{t('team.purchaseFailed')}</p>;
  if (!purchase.invoice_url) return <p className="muted purchase__state">{t('team.purchaseInvoiceSoon')}</p>;
  return (
    <a className="purchase__invoice" href={purchase.invoice_url} target="_blank" rel="noopener noreferrer">
      {purchase.invoice_number
        ? t('team.purchaseInvoice', { number: purchase.invoice_number })
        : t('team.purchaseInvoiceLink')}
    </a>
  );
}

export function PurchasesCard({ teamId, waiting }: { teamId: string; waiting: boolean }) {
  const { t, language } = useTranslation();
  const purchases = useSeatPurchases(teamId, waiting);
  const list = purchases.data?.purchases ?? [];
  return (
    <TeamPanel id="team-purchases" icon={<CardIcon />} title={t('team.purchasesTitle')}>
      {purchases.isError && (
        <RetryAlert message={t('team.purchasesFailed')} onRetry={() => void purchases.refetch()} />
      )}
      {purchases.isSuccess && list.length === 0 && <p className="muted">{t('team.purchasesNone')}</p>}
      {list.length > 0 && (
        <ul className="purchases">
          {list.map((p) => (
            <li key={p.id} className={`purchase purchase--${p.state}`} data-testid="purchase">
              <div className="purchase__what">
                <strong>{t('team.purchaseSeats', { count: p.seats })}</strong>
                <span>{formatPrice(p.amount_cents, language)}</span>
                <time className="muted" dateTime={new Date(p.created_at * 1000).toISOString()}>
                  {formatDate(p.created_at, 'date', language)}
                </time>
              </div>
              <PurchaseState purchase={p} />
            </li>
          ))}
        </ul>
      )}
    </TeamPanel>
  );
}
