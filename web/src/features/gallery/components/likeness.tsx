// The likeness guarantee on the gallery (issue 18): how much a finished avatar looks like the user (from the
// reference photos' faces, measured by the worker), and, when it did not look enough like them, that its
// tokens came back, with a way to try the style again.
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import type { Task } from '../api/tasks.ts';

/** Whether the avatar was measured (older avatars and photos without a measured face were not). */
export const isMeasured = (task: Task): task is Task & { likeness: number | null } =>
  task.status === 'DONE' && task.likeness !== undefined;

export function LikenessScore({ task, className }: { task: Task; className: string }) {
  const { t } = useTranslation();
  if (!isMeasured(task)) return null;
  return (
    <p className={className} title={t('gallery.likenessHint')} data-testid="likeness">
      {task.likeness === null ? t('gallery.likenessNoFace') : t('gallery.likeness', { score: task.likeness })}
    </p>
  );
}

export function LikenessRefund({ task }: { task: Task }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  if (!isMeasured(task) || !task.likeness_refunded) return null;
  return (
    <div className="likeness-refund" data-testid="likeness-refund">
      <p>{t('gallery.likenessRefunded')}</p>
      <Link to={`${path('appCreate')}?style=${task.style_id}`} className="likeness-refund__again">
        {t('gallery.tryStyleAgain')}
      </Link>
    </div>
  );
}
