// The likeness guarantee on the gallery (docs/faces.md, "The guarantee"): how much a finished avatar
// looks like the user (from the reference photos' faces, measured by the worker). One that did not look
// enough like them was refunded and is withheld: the card shows only the server's blurred copy, says so, and
// offers "Keep it anyway" (its tokens again, after a confirmation that states them, then it is an avatar
// like any other) beside Try again. One under the threshold but charged says why (photos that may show
// someone else, or the day's refunds used up); one with no face found is said in the warning colour.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LIKENESS_REFUNDS_PER_DAY } from '#shared/face-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { keepAnyway } from '../api/keep.ts';
import type { Task } from '../api/tasks.ts';
import { TryAgain } from './try-again.tsx';

/** Whether the avatar was measured (older avatars and photos without a measured face were not). */
export const isMeasured = (task: Task): task is Task & { likeness: number | null } =>
  task.status === 'DONE' && task.likeness !== undefined;

export function LikenessScore({ task, className }: { task: Task; className: string }) {
  const { t } = useTranslation();
  if (!isMeasured(task)) return null;
  return (
    <p
      className={`${className}${task.likeness === null ? ' likeness--no-face' : ''}`}
      title={t('gallery.likenessHint')}
      data-testid="likeness"
    >
      {task.likeness === null ? t('gallery.likenessNoFace') : t('gallery.likeness', { score: task.likeness })}
    </p>
  );
}

/** Refunded by the guarantee and not kept: the server serves none of its pixels, only a blurred copy. */
export const isWithheld = (task: Task): boolean => task.status === 'DONE' && task.withheld === true;

function KeepAnyway({ task }: { task: Task }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { refreshUser } = useSession();
  const askId = useId();
  // Tokens are taken: the first click asks, stating how many; only the confirmation calls the server.
  const [asking, setAsking] = useState(false);
  const cost = task.token_cost ?? 1;
  const keep = useMutation({
    mutationFn: () => keepAnyway(task),
    onSuccess: () => {
      void refreshUser();
      toast.success(t('gallery.keepAnywayKept'));
    },
    onError: (e) => {
      console.error('Keep anyway', task.id, e);
      if (isApiError(e) && e.code === 'NOT_ENOUGH_TOKENS') void refreshUser();
    },
  });
  const error = keep.error;
  const body = (isApiError(error) ? error.body : null) as { needed?: number; available?: number } | null;
  const short = isApiError(error) && error.code === 'NOT_ENOUGH_TOKENS';
  return (
    <>
      {asking ? (
        <fieldset className="keep-confirm" aria-labelledby={askId} data-testid="keep-confirm">
          <p id={askId}>{t('gallery.keepAnywayAsk', { count: cost })}</p>
          <div className="keep-confirm__actions">
            <Button
              size="sm"
              onClick={() => keep.mutate()}
              loading={keep.isPending}
              disabled={keep.isPending || keep.isSuccess}
              data-testid="keep-anyway-confirm"
            >
              {t('gallery.keepAnywayConfirm', { count: cost })}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setAsking(false);
                keep.reset();
              }}
              disabled={keep.isPending || keep.isSuccess}
            >
              {t('gallery.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setAsking(true)} data-testid="keep-anyway">
          {t('gallery.keepAnyway')}
        </Button>
      )}
      {error && (
        <Alert kind="error">
          {short
            ? t('gallery.tryAgainShort', { needed: body?.needed ?? 1, available: body?.available ?? 0 })
            : isApiError(error)
              ? serverMessage(error, t('gallery.keepAnywayFailed'))
              : t('gallery.keepAnywayFailed')}{' '}
          {short && <Link to={path('pricing')}>{t('gallery.buyTokens')}</Link>}
        </Alert>
      )}
    </>
  );
}

/** The withheld avatar's notice: why, "Keep it anyway" and Try again. Nothing for any other task. */
export function LikenessRefund({ task, label }: { task: Task; label: string }) {
  const { t } = useTranslation();
  if (!isWithheld(task)) return null;
  return (
    <div className="likeness-refund" data-testid="likeness-refund">
      <p>{t('gallery.likenessRefunded')}</p>
      <div className="likeness-refund__actions">
        <KeepAnyway task={task} />
        <TryAgain task={task} label={label} primary />
      </div>
    </div>
  );
}

/** Under the guarantee's threshold but charged: why, in the user's words. */
export function LikenessNotRefunded({ task }: { task: Task }) {
  const { t } = useTranslation();
  if (task.status !== 'DONE' || !task.likeness_not_refunded) return null;
  return (
    <p className="likeness-not-refunded" data-testid="likeness-not-refunded">
      {task.likeness_not_refunded === 'someone-else'
        ? t('gallery.notRefundedSomeoneElse')
        : t('gallery.notRefundedDailyLimit', { limit: LIKENESS_REFUNDS_PER_DAY })}
    </p>
  );
}

/** What the card shows of a withheld avatar: the server's blurred copy (never the avatar itself). */
export function WithheldPreview({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <div className="task-card__pending task-card__withheld" data-testid="withheld-preview">
      {task.preview_url ? (
        <img
          src={task.preview_url}
          alt={t('gallery.withheldPreview')}
          width={400}
          height={400}
          decoding="async"
        />
      ) : (
        <span className="task-card__blank" />
      )}
    </div>
  );
}
