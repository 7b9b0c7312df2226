// The page the deletion email's link opens (/app/account?delete=<code>): at the top of the
// account screen and alone on it, why the person is here, the account, what will be deleted and the button,
// so that a phone shows them at once. "Keep my account" goes back to the whole account screen; once
// confirmed, the job's progress takes the panel's place.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DeletionStatus } from '#shared/api-schemas.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { deleteMyAccount } from '../api/privacy.ts';
import { DeletionProgress } from './deletion-progress.tsx';
import { TeamDeletionNote } from './team-deletion-note.tsx';

export function DeletionLinkConfirm({
  code,
  email,
  balance,
}: {
  code: string;
  email: string;
  balance: number;
}) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ id: string; status: DeletionStatus } | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      // The sessions are over from here: the panel follows the job, then signs out.
      setStarted((await deleteMyAccount({ code })).deletion);
    } catch (e) {
      setError(isApiError(e) ? serverMessage(e, t('account.deleteFailed')) : t('account.deleteFailed'));
      setBusy(false);
    }
  };

  return (
    <section
      className="card panel-card deletion-link"
      aria-labelledby={started ? undefined : 'deletion-link-title'}
      data-testid="deletion-link"
    >
      {started ? (
        <DeletionProgress id={started.id} started={started.status} />
      ) : (
        <>
          <header className="account-card__header">
            <span className="panel-card__icon deletion-link__icon">
              <TrashIcon />
            </span>
            <div>
              <h1 id="deletion-link-title">{t('account.deleteLinkTitle')}</h1>
              <p className="muted">{t('account.deleteLinkIntro')}</p>
            </div>
          </header>
          <p className="deletion-link__account">{t('account.deleteLinkAccount', { email })}</p>
          <div>
            <p className="deletion-link__what">{t('account.deleteLinkWhat')}</p>
            <ul className="deletion-link__list">
              <li>{t('account.deleteLinkPhotos')}</li>
              <li>{t('account.deleteLinkTokens', { balance })}</li>
              <li>{t('account.deleteLinkConsents')}</li>
              <li>{t('account.deleteLinkPayments')}</li>
            </ul>
          </div>
          <TeamDeletionNote />
          <p className="delete-confirm__warning">{t('account.deleteLinkFinal')}</p>
          {error && <Alert kind="error">{error}</Alert>}
          <div className="delete-confirm__actions">
            <Button variant="danger" onClick={() => void confirm()} loading={busy}>
              <TrashIcon />
              {t('account.deleteConfirm')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                setParams(
                  (params) => {
                    params.delete('delete');
                    return params;
                  },
                  { replace: true },
                )
              }
            >
              {t('account.deleteLinkKeep')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
