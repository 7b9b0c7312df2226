// "Your data": export everything the account holds (a ZIP, announced by email), or delete the account
// for good, confirmed by the password or by a link emailed to the account. Both are jobs the screen follows.
// The emailed links come back to the account page with ?export=<id> (download, here) or ?delete=<code>
// (confirm: components/deletion-link-confirm.tsx, alone at the top of the page).
import { type FormEvent, useState } from 'react';
import type { DeletionStatus } from '#shared/api-schemas.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ShieldIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { deleteMyAccount, requestDeletionLink } from '../api/privacy.ts';
import { DeletionProgress } from './deletion-progress.tsx';
import { ExportSection } from './export-section.tsx';
import { TeamDeletionNote } from './team-deletion-note.tsx';

type Notice = { kind: 'success' | 'error' | 'info'; text: string } | null;

type Started = { id: string; status: DeletionStatus };

function DeleteSection({ hasPassword, onStarted }: { hasPassword: boolean; onStarted(s: Started): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'delete' | 'link' | null>(null);

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (!password) {
      setError(t('account.deletePasswordMissing'));
      return;
    }
    setBusy('delete');
    try {
      // The sessions are over from here: the screen follows the job, then signs out.
      onStarted((await deleteMyAccount({ password })).deletion);
    } catch (e) {
      setError(isApiError(e) ? serverMessage(e, t('account.deleteFailed')) : t('account.deleteFailed'));
      setBusy(null);
    }
  };

  const sendLink = async () => {
    setBusy('link');
    setNotice(null);
    try {
      await requestDeletionLink();
      setNotice({ kind: 'info', text: t('account.deleteLinkSent') });
    } catch (e) {
      setNotice({
        kind: 'error',
        text: isApiError(e) ? serverMessage(e, t('account.deleteFailed')) : t('account.deleteFailed'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="privacy-row privacy-row--danger">
      <div className="privacy-row__text">
        <h3>{t('account.deleteTitle')}</h3>
        <p className="muted">{t('account.deleteIntro')}</p>
      </div>
      {!open && (
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            <TrashIcon />
            {t('account.deleteButton')}
          </Button>
        </div>
      )}
      {open && (
        <form className="delete-confirm" onSubmit={confirm} noValidate aria-label={t('account.deleteTitle')}>
          <p className="delete-confirm__warning">{t('account.deleteWarning')}</p>
          <TeamDeletionNote />
          {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
          {error && <Alert kind="error">{error}</Alert>}
          {hasPassword ? (
            <TextField
              label={t('account.deletePasswordLabel')}
              type="password"
              name="delete-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <p>{t('account.deleteNoPassword')}</p>
          )}
          <div className="delete-confirm__actions">
            {hasPassword && (
              <Button type="submit" variant="danger" loading={busy === 'delete'}>
                {t('account.deleteConfirm')}
              </Button>
            )}
            <Button
              type="button"
              variant={hasPassword ? 'ghost' : 'primary'}
              onClick={() => void sendLink()}
              loading={busy === 'link'}
            >
              {hasPassword ? t('account.deleteByEmailInstead') : t('account.deleteSendLink')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setOpen(false)}
              disabled={busy === 'delete'}
            >
              {t('account.deleteCancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

export function PrivacyCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const [deletion, setDeletion] = useState<Started | null>(null);
  return (
    <section className="card panel-card" aria-labelledby="privacy-title" id="your-data">
      <header className="account-card__header">
        <span className="panel-card__icon">
          <ShieldIcon />
        </span>
        <div>
          <h2 id="privacy-title">{t('account.privacyTitle')}</h2>
          <p className="muted">{t('account.privacyIntro')}</p>
        </div>
      </header>
      {deletion ? (
        <DeletionProgress id={deletion.id} started={deletion.status} />
      ) : (
        <>
          <ExportSection />
          <DeleteSection hasPassword={hasPassword} onStarted={setDeletion} />
        </>
      )}
    </section>
  );
}
