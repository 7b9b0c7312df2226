// One avatar task: a finished one shows its image, opens the modal on a click and
// has its download button; the others show the style's picture with their status. Each shows the time and
// 'Style: name' ('Style {id}' without a name); a preview render says so; a measured one shows its likeness,
// and the likeness guarantee's refund when it did not look enough like the user; a finished one has its star.
// One being made shows its stage and the time left. Its backdrop and outfit show under the style
//; a finished card offers Try again, first and foremost when it was refunded, and a finished team
// avatar "Chosen for my team" (docs/product.md, "Teams"). One the guarantee refunded is withheld
// (docs/faces.md): a blurred copy, no modal, download or star, and "Keep it anyway". An edited avatar is
// one card for all its versions, with a switcher (v1, v2, ...): the card shows the newest until another is
// picked, and each version its own image, progress, likeness, star and downloads; a finished one has Edit
// beside Try again (docs/product.md, "Editing a finished avatar").
import { useRef, useState } from 'react';
import type { Style } from '#shared/api-schemas.ts';
import { TaskChoices } from '../../../components/choices/task-choices.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isoDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { resultFilename } from '../api/download.ts';
import type { Task } from '../api/tasks.ts';
import { VersionLine, VersionSwitcher } from '../edits/versions-ui.tsx';
import { timeOf } from '../group-by-day.ts';
import type { Estimate } from '../task-estimate.ts';
import { canEdit, EditIcon } from './avatar-modal.tsx';
import { ChosenForTeam } from './chosen-for-team.tsx';
import { CardDownload } from './download-menu.tsx';
import { FavouriteStar } from './favourite-star.tsx';
import {
  isWithheld,
  LikenessNotRefunded,
  LikenessRefund,
  LikenessScore,
  WithheldPreview,
} from './likeness.tsx';
import { PreviewRenderBadge } from './preview-render-badge.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TaskImage } from './task-image.tsx';
import { StageLine, StageTrack } from './task-stage.tsx';
import { TryAgain } from './try-again.tsx';

/** The percent a task in progress shows: its own or its estimate's, never lower than shown before. */
function useShownPercent(task: Task, estimate: Estimate | null): number {
  const highest = useRef(0);
  const now = Math.max(task.progress ?? 0, estimate ? Math.min(99, Math.floor(estimate.done * 100)) : 0);
  highest.current = task.status === 'IN_PROGRESS' ? Math.max(highest.current, now) : 0;
  return task.status === 'IN_PROGRESS' ? highest.current : now;
}

export function useStyleName(styles: Map<number, Style>): (task: Task) => string {
  const { t, language } = useTranslation();
  return (task) => {
    const style = styles.get(task.style_id);
    const name =
      (language === 'fr' ? style?.translations?.fr?.name : undefined) ?? task.style_name ?? style?.name;
    return name ? t('gallery.style', { name }) : t('gallery.styleFallback', { id: task.style_id });
  };
}

export function TaskCard({
  task: newest,
  versions = [newest],
  style,
  label,
  estimateOf = () => null,
  tasks = [],
  onOpen,
  onEdit,
}: {
  /** the avatar's newest version (an avatar never edited: its only one) */
  task: Task;
  /** the avatar's versions read so far, oldest first */
  versions?: Task[];
  style: Style | undefined;
  label: string;
  /** a pending task's stage and time left, when the server reports them */
  estimateOf?: (task: Task) => Estimate | null;
  /** the tasks on screen: a team avatar chosen instead of another takes the mark off it */
  tasks?: Task[];
  onOpen: (task: Task) => void;
  /** Edit on a finished version: the modal opens on its edit panel */
  onEdit?: (task: Task) => void;
}) {
  const { t, language } = useTranslation();
  // The version picked on the switcher, until the avatar gets another version (then its newest shows).
  const [picked, setPicked] = useState<{ id: string; count: number } | null>(null);
  const task =
    (picked?.count === versions.length ? versions.find((v) => v.id === picked.id) : undefined) ?? newest;
  const estimate = estimateOf(task);
  const percent = useShownPercent(task, estimate);
  const withheld = isWithheld(task);
  const done = task.status === 'DONE' && task.result_path && !withheld;
  const time = timeOf(task, language);
  const failedAndRefunded = task.status === 'ERROR' && task.refunded && task.token_cost;
  return (
    <li
      className={`media-card task-card task-card--${task.status.toLowerCase()}`}
      data-testid="task-card"
      data-status={task.status}
    >
      {done ? (
        <button
          type="button"
          className="task-card__open"
          onClick={() => onOpen(task)}
          aria-label={t('gallery.open', { name: label })}
        >
          <TaskImage
            // Each version its own picture (the image keeps what it loaded in its state).
            key={task.id}
            path={`${task.result_path}#thumbnail`}
            url={task.thumbnail_url ?? task.image_url}
            filename={resultFilename(task)}
            alt={label}
            width={320}
            height={320}
            lazy
          />
        </button>
      ) : withheld ? (
        <WithheldPreview task={task} />
      ) : (
        <div className="task-card__pending">
          {style?.image_url ? (
            <img src={style.image_url} alt="" width={384} height={384} loading="lazy" decoding="async" />
          ) : (
            <span className="task-card__blank" />
          )}
          <StatusBadge task={task} percent={percent} />
          {estimate && <StageTrack estimate={estimate} />}
        </div>
      )}
      {done && task.render_kind === 'preview-render' && <PreviewRenderBadge />}
      {done && <FavouriteStar task={task} name={label} />}
      <LikenessRefund task={task} label={label} />
      {failedAndRefunded ? (
        <div className="task-card__refund" data-testid="task-refund">
          <p>{t('gallery.refunded', { count: task.token_cost ?? 0 })}</p>
          <TryAgain task={task} label={label} primary />
        </div>
      ) : null}
      <VersionSwitcher
        versions={versions}
        shown={task}
        onShow={(v) => setPicked({ id: v.id, count: versions.length })}
      />
      <div className="task-card__meta">
        <div className="task-card__text">
          <p className="task-card__style" title={label} data-testid="task-style">
            {label}
          </p>
          <p className="task-card__time">
            <time dateTime={isoDate(task.created_at)}>{time}</time>
          </p>
          <VersionLine task={task} versions={versions} />
          {!task.edit && <TaskChoices backdrop={task.backdrop} outfit={task.outfit} />}
          {estimate && <StageLine estimate={estimate} />}
          <LikenessScore task={task} className="task-card__likeness" />
          <LikenessNotRefunded task={task} />
        </div>
        {done && <CardDownload task={task} name={label} />}
      </div>
      {done && <ChosenForTeam task={task} tasks={tasks} />}
      {task.status === 'ERROR' && !failedAndRefunded && <TryAgain task={task} label={label} primary />}
      {done && (
        <div className="task-card__again">
          <TryAgain task={task} label={label} />
          {onEdit && canEdit(task) && (
            <Button
              variant="ghost"
              size="sm"
              className="task-card__edit"
              onClick={() => onEdit(task)}
              aria-label={t('gallery.editOf', { name: label })}
              data-testid="card-edit"
            >
              <EditIcon />
              {t('gallery.edit')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
