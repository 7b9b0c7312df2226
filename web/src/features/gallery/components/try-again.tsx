// "Try again" on a finished card: a confirmation that states the token cost, then one new avatar
// with the same style, backdrop, outfit and photos. The price shown is the style's current one (the server
// charges that, and refuses if it changed meanwhile); a style no longer offered has no Try again. A version
// made by an edit is tried again as that edit, at an edit's price (functions/generation/domain/try-again.ts).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Style } from '#shared/api-schemas.ts';
import { EDIT_TOKEN_COST } from '#shared/edit-rules.ts';
import { TaskChoices } from '../../../components/choices/task-choices.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RefreshIcon } from '../../../components/ui/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { invalidateRoutes } from '../../../lib/server-state.tsx';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useStyleMap } from '../api/styles.ts';
import type { Task } from '../api/tasks.ts';
import { isPriceChange, tryAgain } from '../api/try-again.ts';
import { editWords } from '../edits/versions-ui.tsx';

function ConfirmTryAgain({
  task,
  style,
  label,
  onClose,
}: {
  task: Task;
  style: Style;
  label: string;
  onClose: () => void;
}) {
  const { t, language } = useTranslation();
  const path = useLocalizedPath();
  const { refreshUser } = useSession();
  const dialog = useRef<HTMLDialogElement>(null);
  // One key for this confirmation: a second click, or a retry after a lost answer, is charged once.
  const key = useRef(crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; short: boolean } | null>(null);
  const cost = task.edit ? EDIT_TOKEN_COST : style.token_cost;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { msg } = await tryAgain(task, cost, key.current);
      void refreshUser();
      toast.success(
        language === 'en' ? msg : t(task.edit ? 'gallery.tryAgainEditStarted' : 'gallery.tryAgainStarted'),
      );
      onClose();
    } catch (e) {
      console.error('Try again', task.id, e);
      const body = (isApiError(e) ? e.body : null) as { needed?: number; available?: number } | null;
      if (isApiError(e) && e.code === 'NOT_ENOUGH_TOKENS') {
        setError({
          text: t('gallery.tryAgainShort', { needed: body?.needed ?? cost, available: body?.available ?? 0 }),
          short: true,
        });
        void refreshUser();
      } else if (isPriceChange(e)) {
        // The confirmation shows the new price once the styles are read again; a new key goes with it.
        key.current = crypto.randomUUID();
        void invalidateRoutes('listStyles');
        setError({ text: t('gallery.tryAgainPriceChanged'), short: false });
      } else {
        const text = isApiError(e)
          ? serverMessage(e, t('gallery.tryAgainFailed'))
          : t('gallery.tryAgainFailed');
        setError({ text, short: false });
      }
      setBusy(false);
    }
  };

  const price = t('gallery.tokens', { count: cost });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; the click is the backdrop's
    <dialog
      ref={dialog}
      className="avatar-modal try-again-dialog"
      aria-labelledby="try-again-title"
      aria-describedby="try-again-text"
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && onClose()}
      data-testid="try-again-dialog"
    >
      <div className="avatar-modal__inner">
        <h2 id="try-again-title">{t('gallery.tryAgainTitle')}</h2>
        <div id="try-again-text" className="try-again-dialog__text">
          {task.edit ? (
            <>
              <p>{t('gallery.tryAgainTextEdit')}</p>
              <p className="try-again-dialog__style">{label}</p>
              <p data-testid="try-again-edit">{editWords(t, task.edit)}</p>
            </>
          ) : (
            <>
              <p>
                {t(task.backdrop || task.outfit ? 'gallery.tryAgainTextChoices' : 'gallery.tryAgainText')}
              </p>
              <p className="try-again-dialog__style">{label}</p>
              <TaskChoices backdrop={task.backdrop} outfit={task.outfit} />
            </>
          )}
          <p className="try-again-dialog__cost" data-testid="try-again-cost">
            {t('gallery.tryAgainCost', { cost: price })}
          </p>
        </div>
        {error && (
          <Alert kind="error">
            {error.text} {error.short && <Link to={path('pricing')}>{t('gallery.buyTokens')}</Link>}
          </Alert>
        )}
        <div className="try-again-dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('gallery.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} data-testid="try-again-confirm">
            {t('gallery.tryAgainConfirm', { cost: price })}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** The button, and its confirmation once clicked. `primary` where the card's avatar was refunded. */
export function TryAgain({ task, label, primary = false }: { task: Task; label: string; primary?: boolean }) {
  const { t } = useTranslation();
  const style = useStyleMap().get(task.style_id);
  const [open, setOpen] = useState(false);
  if (!style || (task.status !== 'DONE' && task.status !== 'ERROR')) return null;
  return (
    <>
      <Button
        variant={primary ? 'primary' : 'ghost'}
        size="sm"
        className="try-again"
        onClick={() => setOpen(true)}
        data-testid="try-again"
      >
        <RefreshIcon />
        {t('gallery.tryAgain')}
      </Button>
      {open && <ConfirmTryAgain task={task} style={style} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}
