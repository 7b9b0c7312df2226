// What the account screen shows once a deletion is asked for: the job's progress (followed by the id its
// request answered with, the sessions being over), then that the account is gone, then the home page. Once
// gone, nothing of the account stays on the page: its cached reads are dropped and the session ends here
// (the signed-out frame), the account page showing only <DeletedPanel>.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DeletionStatus } from '#shared/api-schemas.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { queryClient, routeQuery } from '../../../lib/server-state.tsx';
import { useSession } from '../../../lib/session.tsx';
import { toastAfterReload } from '../../../lib/toasts.ts';

const DELETION_POLL_MS = 1500;
/** How long "deleted" stays on screen before the home page. */
const LEAVE_AFTER_MS = 2500;

const isRunning = (s: DeletionStatus | undefined) => s?.state === 'queued' || s?.state === 'running';

/** The deletion's progress bar, `percent` done. */
function DeletionBar({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="job-progress"
      role="progressbar"
      aria-label={t('account.deletingTitle')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * The account is gone: said, with the full bar, until the home page (after LEAVE_AFTER_MS or the button).
 * Shown by the account page once the session is ended, with every cached read dropped (`dropReads`: the
 * screens that read them are gone by then, so nothing reads them again).
 */
export function DeletedPanel({ dropReads = false }: { dropReads?: boolean }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const leave = () => {
    // Signing out loads the home page anew: the message waits for it.
    toastAfterReload('success', t('account.deleted'));
    logout();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: leaves once
  useEffect(() => {
    if (dropReads) queryClient.clear();
    const timer = setTimeout(leave, LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="privacy-row privacy-row--danger" data-testid="deletion-progress">
      <div className="privacy-row__text">
        <h3>{t('account.deletedTitle')}</h3>
      </div>
      <DeletionBar percent={100} />
      <Alert
        kind="success"
        action={
          <Button size="sm" onClick={leave}>
            {t('account.deletedGoHome')}
          </Button>
        }
      >
        {t('account.deleted')}
      </Alert>
    </div>
  );
}

export function DeletionProgress({ id, started }: { id: string; started: DeletionStatus }) {
  const { t } = useTranslation();
  const { endSession } = useSession();
  // Followed every 1.5 s from the state its request answered with (no session needed: they are over).
  const followed = useQuery({
    ...routeQuery('accountDeletionStatus', { params: { deletionId: id } }),
    initialData: started,
    staleTime: DELETION_POLL_MS,
    retry: false,
    refetchInterval: (q) => (isRunning(q.state.data) ? DELETION_POLL_MS : false),
    // The account is going whether the tab is in view or not: its end is shown when the user looks.
    refetchIntervalInBackground: true,
  });
  const status = followed.data;
  /** the last look failed: the progress shown may be behind */
  const unknown = followed.isError;
  const running = isRunning(status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the job is done
  useEffect(() => {
    if (status.state !== 'done') return;
    endSession();
  }, [status.state]);
  if (status.state === 'done') return <DeletedPanel />;

  const percent = Math.round((100 * status.steps_done) / Math.max(1, status.steps_total));
  return (
    <div className="privacy-row privacy-row--danger" data-testid="deletion-progress">
      <div className="privacy-row__text">
        <h3>{t('account.deletingTitle')}</h3>
        <p className="muted">{t('account.deletingIntro')}</p>
      </div>
      {running && (
        <div className="job-state" role="status">
          <Spinner size="sm" />
          <p>
            {t('account.deletingStep', { done: status.steps_done, total: status.steps_total })}{' '}
            {t('account.deletingCounts', { items: status.items_deleted, files: status.files_deleted })}
          </p>
        </div>
      )}
      <DeletionBar percent={percent} />
      {unknown && running && <Alert kind="warning">{t('account.deletionStatusUnknown')}</Alert>}
      {status.state === 'failed' && <Alert kind="error">{t('account.deletionJobFailed')}</Alert>}
    </div>
  );
}
