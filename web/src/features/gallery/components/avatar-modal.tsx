// 'Generated Avatar' (spec section 2): the image, the style, the created time, and Download, here with
// the three presets. A native modal dialog: focus stays inside, Escape and the backdrop close it.
import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { resultFilename } from '../api/download.ts';
import type { Task } from '../api/tasks.ts';
import { timeOf } from '../group-by-day.ts';
import { PresetButtons } from './download-menu.tsx';
import { isMeasured, LikenessRefund, LikenessScore } from './likeness.tsx';
import { PreviewRenderBadge } from './preview-render-badge.tsx';
import { TaskImage } from './task-image.tsx';

export function AvatarModal({ task, label, onClose }: { task: Task; label: string; onClose: () => void }) {
  const { t, language } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const date = formatDate(task.created_at, 'date', language);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; the click is the backdrop's
    <dialog
      ref={dialog}
      className="avatar-modal"
      aria-labelledby="avatar-modal-title"
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && onClose()}
      data-testid="avatar-modal"
    >
      <div className="avatar-modal__inner">
        <header className="avatar-modal__header">
          <h2 id="avatar-modal-title">{t('gallery.modalTitle')}</h2>
          <button
            type="button"
            className="avatar-modal__close"
            onClick={onClose}
            aria-label={t('gallery.close')}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="avatar-modal__image">
          <TaskImage
            path={`${task.result_path}#image`}
            url={task.image_url}
            filename={resultFilename(task)}
            alt={label}
            width={task.width ?? 1024}
            height={task.height ?? 1024}
          />
          {task.render_kind === 'preview-render' && <PreviewRenderBadge />}
        </div>
        <dl className="avatar-modal__facts">
          <div>
            <dt className="visually-hidden">{t('gallery.modalTitle')}</dt>
            <dd className="avatar-modal__style">{label}</dd>
          </div>
          <div>
            <dt className="visually-hidden">{t('gallery.createdAt', { time: '' })}</dt>
            <dd>
              <time dateTime={isoDate(task.created_at)}>
                {date} · {timeOf(task, language)}
              </time>
            </dd>
          </div>
        </dl>
        {isMeasured(task) && (
          <div className="avatar-modal__likeness">
            <LikenessScore task={task} className="avatar-modal__score" />
            <p className="muted">{t('gallery.likenessHint')}</p>
            <LikenessRefund task={task} label={label} />
          </div>
        )}
        <PresetButtons task={task} />
      </div>
    </dialog>
  );
}
