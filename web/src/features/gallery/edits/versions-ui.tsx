// The versions of one avatar on its card and in its modal: a switcher (v1, v2, ...) where an avatar has
// more than one, what each edit asked for, and "Before this edit": a version beside the one it was made from.
import { useState } from 'react';
import type { EditSpec } from '#shared/api-schemas.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Task } from '../api/tasks.ts';
import { isPending } from '../api/tasks.ts';
import { versionOf } from '../versions.ts';
import { ASPECT_NAMES } from './edit-options.ts';
import '../edit-panel.css';

/**
 * Pills a switcher shows before the older versions fold into one "+n" (six fit a 320 px card's width; the
 * unfolded list wraps onto more lines rather than scrolling sideways).
 */
export const VERSION_PILLS = 5;

/** The versions folded into "+n": all but the first and the newest ones, and never the version shown. */
function foldedOf(versions: Task[], shown: Task): Set<string> {
  if (versions.length <= VERSION_PILLS) return new Set();
  const middle = versions.slice(1, versions.length - (VERSION_PILLS - 2));
  return new Set(middle.filter((v) => v.id !== shown.id).map((v) => v.id));
}

export function VersionSwitcher({
  versions,
  shown,
  onShow,
  finishedOnly = false,
}: {
  versions: Task[];
  shown: Task;
  onShow: (task: Task) => void;
  /** in the modal: a version still being made is not one to show large */
  finishedOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [unfolded, setUnfolded] = useState(false);
  if (versions.length < 2) return null;
  const folded = unfolded ? new Set<string>() : foldedOf(versions, shown);
  const firstFolded = versions.findIndex((v) => folded.has(v.id));
  return (
    <fieldset className="version-switcher" data-testid="versions">
      <legend className="visually-hidden">{t('gallery.versions')}</legend>
      {versions.map((v, i) => {
        if (folded.has(v.id))
          return i === firstFolded ? (
            <button
              key="more"
              type="button"
              className="version-switcher__version version-switcher__more"
              aria-label={t('gallery.versionsMore', { count: folded.size })}
              title={t('gallery.versionsMore', { count: folded.size })}
              onClick={() => setUnfolded(true)}
              data-testid="versions-more"
            >
              +{folded.size}
            </button>
          ) : null;
        const n = versionOf(v);
        const pending = isPending(v);
        const name = t('gallery.versionName', { version: n });
        return (
          <button
            key={v.id}
            type="button"
            className={`version-switcher__version version-switcher__version--${v.status.toLowerCase()}`}
            aria-pressed={v.id === shown.id}
            aria-label={pending ? `${name} (${t('gallery.versionPending')})` : name}
            title={pending ? `${name} (${t('gallery.versionPending')})` : name}
            disabled={finishedOnly && v.status !== 'DONE'}
            onClick={() => onShow(v)}
            data-testid="version"
            data-version={n}
          >
            {t('gallery.versionShort', { version: n })}
            {pending && <Spinner size="sm" />}
          </button>
        );
      })}
    </fieldset>
  );
}

/** What an edit asked for, in a few words ("New backdrop: Office"). */
export function editWords(t: TFunction, edit: EditSpec): string {
  switch (edit.kind) {
    case 'backdrop':
      return edit.colour
        ? t('gallery.editMade_colour', { colour: edit.colour })
        : t('gallery.editMade_backdrop', {
            name: edit.backdrop ? t(`choices.backdrop.${edit.backdrop}`) : '',
          });
    case 'outfit':
      return t('gallery.editMade_outfit', { name: edit.outfit ? t(`choices.outfit.${edit.outfit}`) : '' });
    case 'framing':
      return t('gallery.editMade_framing', {
        aspect: edit.aspect ? `${edit.aspect} ${t(`gallery.aspect_${ASPECT_NAMES[edit.aspect]}`)}` : '',
      });
    case 'retouch':
      return t('gallery.editMade_retouch', { level: t(`gallery.retouch_${edit.level ?? 'natural'}`) });
    case 'region':
      return t('gallery.editMade_region', { prompt: edit.prompt ?? '' });
  }
}

/** "Version 2 · New backdrop: Office" under a version's style; nothing for an avatar never edited. */
export function VersionLine({ task, versions }: { task: Task; versions: Task[] }) {
  const { t } = useTranslation();
  if (versions.length < 2 && !task.edit_of) return null;
  const name = t('gallery.versionName', { version: versionOf(task) });
  const what = task.edit ? editWords(t, task.edit) : t('gallery.versionOriginal');
  return (
    <p className="version-line" data-testid="version-line" title={`${name} · ${what}`}>
      <strong>{name}</strong> · {what}
    </p>
  );
}

/** A version beside the one it was made from, whole (a framing changes the shape), at the same height. */
export function BeforeThisEdit({ task, source, label }: { task: Task; source: Task; label: string }) {
  const { t } = useTranslation();
  const pane = (v: Task, testId: string, caption: string) => {
    const src = v.image_url ?? v.thumbnail_url;
    return (
      <figure className="before-after__pane before-edit__pane" data-testid={testId}>
        <div className="before-edit__frame">
          {src && (
            <img src={src} alt={`${label} · ${caption}`} width={v.width ?? 1024} height={v.height ?? 1024} />
          )}
        </div>
        <figcaption>{caption}</figcaption>
      </figure>
    );
  };
  return (
    <div className="before-after before-edit" data-testid="before-edit">
      {pane(source, 'before-edit-source', t('gallery.versionName', { version: versionOf(source) }))}
      {pane(task, 'before-edit-version', t('gallery.versionName', { version: versionOf(task) }))}
    </div>
  );
}
