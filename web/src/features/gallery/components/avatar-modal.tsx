// 'Generated Avatar': the image, the style, the created time, and Download, here with
// the presets, the star, and the before/after beside the reference photo. An edited avatar has its
// versions here too (each with its own likeness, downloads and star, and "Before this edit"), and Edit opens
// the edit panel in place of the image (docs/product.md, "Editing a finished avatar"). A native modal
// dialog: focus stays inside, Escape and the backdrop close it.
import { useEffect, useRef, useState } from 'react';
import type { EditTaskResult } from '#shared/api-schemas.ts';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { resultFilename } from '../api/download.ts';
import type { Task } from '../api/tasks.ts';
import { EditPanel } from '../edits/edit-panel.tsx';
import { BeforeThisEdit, VersionLine, VersionSwitcher } from '../edits/versions-ui.tsx';
import { timeOf } from '../group-by-day.ts';
import { BeforeAfter } from './before-after.tsx';
import { PresetButtons } from './download-menu.tsx';
import { FavouriteStar } from './favourite-star.tsx';
import { isMeasured, isWithheld, LikenessRefund, LikenessScore } from './likeness.tsx';
import { PreviewRenderBadge } from './preview-render-badge.tsx';
import { TaskImage } from './task-image.tsx';

const CompareIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="3" y="5" width="7" height="14" rx="1.5" />
    <rect x="14" y="5" width="7" height="14" rx="1.5" />
  </svg>
);

export const EditIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M4 20h4L19 9l-4-4L4 16Z" strokeLinejoin="round" />
    <path d="m13.5 6.5 4 4" />
  </svg>
);

/** Whether Edit is offered: a finished avatar the user may see (not a withheld one), once the API serves it. */
export const canEdit = (task: Task): boolean =>
  task.status === 'DONE' && !!task.result_path && !isWithheld(task);

export function AvatarModal({
  task,
  label,
  onClose,
  versions = [task],
  onShow = () => undefined,
  editing: startEditing = false,
  onQueued = () => undefined,
}: {
  task: Task;
  label: string;
  onClose: () => void;
  /** the avatar's versions, oldest first */
  versions?: Task[];
  /** another version chosen */
  onShow?: (task: Task) => void;
  /** opened by a card's Edit: the panel first */
  editing?: boolean;
  /** an edit was queued: its version is made on the card */
  onQueued?: (answer: EditTaskResult) => void;
}) {
  const { t, language } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [comparing, setComparing] = useState<'photo' | 'edit' | null>(null);
  const [editing, setEditing] = useState(startEditing && canEdit(task));
  const source = task.edit_of
    ? versions.find((v) => v.id === task.edit_of && v.status === 'DONE')
    : undefined;

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
      className={`avatar-modal${editing ? ' avatar-modal--editing' : ''}`}
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
        <VersionSwitcher
          versions={versions}
          shown={task}
          finishedOnly
          onShow={(v) => {
            setComparing((c) => (c === 'edit' && !v.edit_of ? null : c));
            onShow(v);
          }}
        />
        {editing ? (
          <EditPanel
            task={task}
            versions={versions}
            onCancel={() => setEditing(false)}
            onQueued={(answer) => {
              setEditing(false);
              onQueued(answer);
            }}
          />
        ) : comparing === 'photo' ? (
          <BeforeAfter task={task} label={label} />
        ) : comparing === 'edit' && source ? (
          <BeforeThisEdit task={task} source={source} label={label} />
        ) : (
          <div className="avatar-modal__image">
            <TaskImage
              // Each version its own picture (the image keeps what it loaded in its state).
              key={task.id}
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
        {!editing && (
          <div className="avatar-modal__toggles">
            <FavouriteStar task={task} name={label} inModal />
            {task.reference_path && (
              <button
                type="button"
                className="compare-toggle"
                aria-pressed={comparing === 'photo'}
                onClick={() => setComparing((c) => (c === 'photo' ? null : 'photo'))}
                data-testid="compare"
              >
                <CompareIcon />
                <span>{t('gallery.compare')}</span>
              </button>
            )}
            {source && (
              <button
                type="button"
                className="compare-toggle"
                aria-pressed={comparing === 'edit'}
                onClick={() => setComparing((c) => (c === 'edit' ? null : 'edit'))}
                data-testid="compare-edit"
              >
                <CompareIcon />
                <span>{t('gallery.compareEdit')}</span>
              </button>
            )}
            {canEdit(task) && (
              <button
                type="button"
                className="compare-toggle"
                onClick={() => {
                  setComparing(null);
                  setEditing(true);
                }}
                data-testid="edit"
              >
                <EditIcon />
                <span>{t('gallery.edit')}</span>
              </button>
            )}
          </div>
        )}
        {!editing && (
          <>
            <dl className="avatar-modal__facts">
              <div>
                <dt className="visually-hidden">{t('gallery.modalTitle')}</dt>
                <dd className="avatar-modal__style">{label}</dd>
                <dd>
                  <VersionLine task={task} versions={versions} />
                </dd>
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
          </>
        )}
      </div>
    </dialog>
  );
}
