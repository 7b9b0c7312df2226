// The status of a task not yet finished: Pending, a spinner with the percent (0 when
// missing), or Error. The percent shown is the task's, or how far along its estimate is, whichever
// is further: a provider call is one long step, and the task's own percent does not move during it.
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Task } from '../api/tasks.ts';

export function StatusBadge({ task, percent: shown }: { task: Task; percent?: number }) {
  const { t } = useTranslation();
  if (task.status === 'TODO')
    return (
      <span className="status-badge status-badge--pending" data-testid="status-badge">
        {t('gallery.pending')}
      </span>
    );
  if (task.status === 'IN_PROGRESS') {
    const percent = Math.round(shown ?? task.progress ?? 0);
    return (
      <span
        className="status-badge status-badge--progress"
        data-testid="status-badge"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('gallery.inProgress', { percent })}
      >
        <Spinner size="sm" />
        <span data-testid="progress-percent">{percent}%</span>
      </span>
    );
  }
  if (task.status === 'ERROR')
    return (
      <span className="status-badge status-badge--error" data-testid="status-badge">
        <AlertIcon />
        {t('gallery.error')}
      </span>
    );
  return (
    <span className="visually-hidden">
      <CheckCircleIcon />
    </span>
  );
}
