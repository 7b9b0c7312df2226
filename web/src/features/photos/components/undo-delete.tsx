// 'Photo "x" has been deleted.' with Undo for a few seconds, a bar along the
// bottom of the screen with the time left drawn as a shrinking line; × sends the delete at once.
import { useTranslation } from '../../../lib/i18n.ts';
import { type PendingDelete, UNDO_WINDOW_MS } from '../use-photo-deletes.ts';

export function UndoDeletes({
  pending,
  onUndo,
  onDismiss,
}: {
  pending: PendingDelete[];
  onUndo: (filename: string) => void;
  onDismiss: (filename: string) => void;
}) {
  const { t } = useTranslation();
  if (!pending.length) return null;
  return (
    <ul className="undo-deletes" aria-label={t('photos.deletedPhotos')}>
      {pending.map(({ photo }) => {
        const name = photo.original_name || photo.filename;
        return (
          <li key={photo.filename} className="undo-delete" data-testid="undo-delete" role="status">
            <span className="undo-delete__text">{t('photos.deleted', { filename: name })}</span>
            <button
              type="button"
              className="undo-delete__undo"
              onClick={() => onUndo(photo.filename)}
              data-testid="undo-button"
            >
              {t('photos.undo')}
            </button>
            <button
              type="button"
              className="undo-delete__close"
              onClick={() => onDismiss(photo.filename)}
              aria-label={t('photos.deleteNow', { name })}
              title={t('photos.deleteNow', { name })}
            >
              ×
            </button>
            <span
              className="undo-delete__time"
              style={{ animationDuration: `${UNDO_WINDOW_MS}ms` }}
              aria-hidden="true"
            />
          </li>
        );
      })}
    </ul>
  );
}
