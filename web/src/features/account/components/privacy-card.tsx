// "Your data": export everything the account holds (a ZIP, announced by email), or delete the account
// for good, confirmed by the password or by a link emailed to the account. The emailed links come back
// here with ?export=<id> (download) or ?delete=<code> (confirm).
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon, ShieldIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.tsx';
import { toastAfterReload } from '../../../lib/toasts.ts';
import { deleteMyAccount, exportDownload, exportMyData, requestDeletionLink } from '../api/privacy.ts';

type Notice = { kind: 'success' | 'error' | 'info'; text: string } | null;

function ExportSection() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const readyId = params.get('export');
  const [busy, setBusy] = useState<'export' | 'download' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const start = async () => {
    setBusy('export');
    setNotice(null);
    try {
      await exportMyData();
      setNotice({ kind: 'success', text: t('account.exportStarted') });
    } catch (e) {
      setNotice({
        kind: 'error',
        text: isApiError(e) ? serverMessage(e, t('account.exportFailed')) : t('account.exportFailed'),
      });
    } finally {
      setBusy(null);
    }
  };

  const download = async (id: string) => {
    setBusy('download');
    try {
      const { url } = await exportDownload(id);
      window.location.assign(url);
    } catch (e) {
      setNotice({
        kind: 'error',
        text: isApiError(e) ? serverMessage(e, t('account.downloadFailed')) : t('account.downloadFailed'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="privacy-row">
      <div className="privacy-row__text">
        <h3>{t('account.exportTitle')}</h3>
        <p className="muted">{t('account.exportIntro')}</p>
      </div>
      {readyId && (
        <Alert
          kind="success"
          action={
            <Button size="sm" onClick={() => void download(readyId)} loading={busy === 'download'}>
              <DownloadIcon />
              {t('account.exportDownload')}
            </Button>
          }
        >
          {t('account.exportReady')}
        </Alert>
      )}
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <div>
        <Button variant="secondary" onClick={() => void start()} loading={busy === 'export'}>
          <DownloadIcon />
          {busy === 'export' ? t('account.exportPreparing') : t('account.exportButton')}
        </Button>
      </div>
    </div>
  );
}

function DeleteSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [params] = useSearchParams();
  const code = params.get('delete');
  const [open, setOpen] = useState(Boolean(code));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'delete' | 'link' | null>(null);

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (!code && !password) {
      setError(t('account.deletePasswordMissing'));
      return;
    }
    setBusy('delete');
    try {
      await deleteMyAccount(code ? { code } : { password });
      // Signing out loads the home page anew: the message waits for it.
      toastAfterReload('success', t('account.deleted'));
      logout();
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
          {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
          {error && <Alert kind="error">{error}</Alert>}
          {code ? (
            <p>{t('account.deleteWithLink')}</p>
          ) : hasPassword ? (
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
            {(code || hasPassword) && (
              <Button type="submit" variant="danger" loading={busy === 'delete'}>
                {t('account.deleteConfirm')}
              </Button>
            )}
            {!code && (
              <Button
                type="button"
                variant={hasPassword ? 'ghost' : 'primary'}
                onClick={() => void sendLink()}
                loading={busy === 'link'}
              >
                {hasPassword ? t('account.deleteByEmailInstead') : t('account.deleteSendLink')}
              </Button>
            )}
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
      <ExportSection />
      <DeleteSection hasPassword={hasPassword} />
    </section>
  );
}
