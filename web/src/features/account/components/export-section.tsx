// "Export my data": asks for the ZIP (a job), shows where the latest export is (being prepared, ready to
// download until a date, or failed) and follows it while it is prepared. An export that gets ready while
// the page is open (usually seconds) is offered for download right here; the email with its link still
// goes, for an export that takes longer and for the record, and its link comes back here with ?export=<id>.
// The download itself is a five-minute address of the one file, asked for at the click.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ExportStatus } from '#shared/api-schemas.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { queryClient, routeQuery } from '../../../lib/server-state.tsx';
import { exportDownload, exportMyData } from '../api/privacy.ts';

/** How often an export being prepared is looked at again. */
const EXPORT_POLL_MS = 2000;

type Notice = { kind: 'success' | 'error' | 'info'; text: string } | null;

const preparing = (e: ExportStatus | null | undefined) => e?.state === 'queued' || e?.state === 'running';

export function ExportSection() {
  const { t, language } = useTranslation();
  const [params] = useSearchParams();
  const linkedId = params.get('export');
  const [busy, setBusy] = useState<'export' | 'download' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // The latest export, read again every 2 s while it is being prepared (and the tab is in view).
  const latest = useQuery({
    ...routeQuery('latestAccountExport'),
    refetchInterval: (q) => (preparing(q.state.data?.export) ? EXPORT_POLL_MS : false),
  });
  /** undefined while unknown; a list that could not be read shows as "no export yet" */
  const current = latest.data ? latest.data.export : latest.isError ? null : undefined;
  /** The export this visit saw being prepared: once ready, it is offered here and now. */
  const [watched, setWatched] = useState<string | null>(null);
  useEffect(() => {
    if (current && preparing(current)) setWatched(current.id);
  }, [current]);

  const start = async () => {
    setBusy('export');
    setNotice(null);
    try {
      const { export: started } = await exportMyData();
      // A read that left before this answer is out of date: it must not put the old state back.
      await queryClient.cancelQueries({ queryKey: routeKey('latestAccountExport') });
      queryClient.setQueryData(routeKey('latestAccountExport'), { export: started });
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

  const until = (e: ExportStatus) => formatDate(e.expires_at, 'dayMonth', language);
  const downloadButton = (id: string) => (
    <Button size="sm" onClick={() => void download(id)} loading={busy === 'download'}>
      <DownloadIcon />
      {t('account.exportDownload')}
    </Button>
  );
  // The emailed link names an export the latest no longer is (expired, or another one asked for since).
  const linkedElsewhere = linkedId && current !== undefined && current?.id !== linkedId;

  return (
    <div className="privacy-row" data-testid="export-section">
      <div className="privacy-row__text">
        <h3>{t('account.exportTitle')}</h3>
        <p className="muted">{t('account.exportIntro')}</p>
      </div>
      {linkedElsewhere && (
        <Alert kind="success" action={downloadButton(linkedId)}>
          {t('account.exportReady')}
        </Alert>
      )}
      {preparing(current) && (
        <div className="job-state" role="status">
          <Spinner size="sm" />
          <p>{t('account.exportInProgress')}</p>
        </div>
      )}
      {current?.state === 'ready' && (
        <Alert kind="success" action={downloadButton(current.id)}>
          {current.id === watched
            ? t('account.exportJustReady', { date: until(current) })
            : t('account.exportReadyUntil', { date: until(current) })}
        </Alert>
      )}
      {current?.state === 'failed' && <Alert kind="error">{t('account.exportJobFailed')}</Alert>}
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <div>
        <Button
          variant="secondary"
          onClick={() => void start()}
          loading={busy === 'export'}
          disabled={preparing(current)}
        >
          <DownloadIcon />
          {busy === 'export' || preparing(current) ? t('account.exportPreparing') : t('account.exportButton')}
        </Button>
      </div>
    </div>
  );
}
