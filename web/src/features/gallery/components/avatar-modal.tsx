// 'Generated Avatar': the image, the style, the created time, and Download, here with
// the presets, the star, and the before/after beside the reference photo. A native modal dialog:
// focus stays inside, Escape and the backdrop close it.
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { resultFilename } from '../api/download.ts';
import type { Task } from '../api/tasks.ts';
import { timeOf } from '../group-by-day.ts';
import { BeforeAfter } from './before-after.tsx';
import { PresetButtons } from './download-menu.tsx';
import { FavouriteStar } from './favourite-star.tsx';
import { isMeasured, LikenessRefund, LikenessScore } from './likeness.tsx';
import { PreviewRenderBadge } from './preview-render-badge.tsx';
import { TaskImage } from './task-image.tsx';

const CompareIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="3" y="5" width="7" height="14" rx="1.5" />
    <rect x="14" y="5" width="7" height="14" rx="1.5" />
  </svg>
);

export function AvatarModal({ task, label, onClose }: { task: Task; label: string; onClose: () => void }) {
  const { t, language } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [comparing, setComparing] = useState(false);

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
        {comparing ? (
          <BeforeAfter task={task} label={label} />
        ) : (
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
        )}
        <div className="avatar-modal__toggles">
          <FavouriteStar task={task} name={label} inModal />
          {task.reference_path && (
            <button
              type="button"
              className="compare-toggle"
              aria-pressed={comparing}
              onClick={() => setComparing((c) => !c)}
              data-testid="compare"
            >
              <CompareIcon />
              <span>{t('gallery.compare')}</span>
            </button>
          )}
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
