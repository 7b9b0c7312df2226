// Back from paying by bank debit: the payment is pending until the bank confirms it (the tokens come
// then, with a receipt), or the bank refused it.
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import type { CheckoutNotice as Notice } from '../checkout-return.ts';

export function CheckoutNotice({ notice }: { notice: NonNullable<Notice> }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <div className="checkout-notice" data-testid="checkout-notice" data-state={notice.state}>
      {notice.state === 'pending' ? (
        <Alert kind="info">{t('account.paymentPending', { count: notice.tokens })}</Alert>
      ) : (
        <Alert
          kind="error"
          action={
            <Link to={path('pricing')} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              {t('account.buyAgain')}
            </Link>
          }
        >
          {t('account.paymentRefused')}
        </Alert>
      )}
    </div>
  );
}
