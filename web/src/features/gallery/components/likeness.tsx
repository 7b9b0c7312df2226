// The likeness guarantee on the gallery (issue 18): how much a finished avatar looks like the user (from the
// reference photos' faces, measured by the worker), and, when it did not look enough like them, that its
// tokens came back, with Try again (issue 20) as the way to another one.
import { useTranslation } from '../../../lib/i18n.ts';
import type { Task } from '../api/tasks.ts';
import { TryAgain } from './try-again.tsx';

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

export const isLikenessRefunded = (task: Task): boolean =>
  isMeasured(task) && task.likeness_refunded === true;

export function LikenessRefund({ task, label }: { task: Task; label: string }) {
  const { t } = useTranslation();
  if (!isLikenessRefunded(task)) return null;
  return (
    <div className="likeness-refund" data-testid="likeness-refund">
      <p>{t('gallery.likenessRefunded')}</p>
      <TryAgain task={task} label={label} primary />
    </div>
  );
}
