// /app/gallery, My Avatars (docs/product.md, step 5): the tasks by
// day, newest first, polled every 15 s while any is pending; a finished one opens 'Generated Avatar';
// downloads with presets, and all of them as one ZIP; the favourites filter and their own ZIP; Refresh
// clears the image caches and reloads. The versions of an edited avatar share one card (versions.ts).
import './strings.ts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonCards } from '../../components/layout/app-skeleton.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { DownloadIcon, ImageIcon, PaletteIcon, RefreshIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { toast } from '../../lib/toasts.ts';
import { downloadAll, isThrottled } from './api/download.ts';
import { cacheGeneration, clearImageCaches } from './api/image-cache.ts';
import { useStyleMap } from './api/styles.ts';
import { isPending, type TaskFilter, useTasks } from './api/tasks.ts';
import { AvatarModal } from './components/avatar-modal.tsx';
import { BatchProgress } from './components/batch-progress.tsx';
import { StarIcon } from './components/favourite-star.tsx';
import { isMeasured } from './components/likeness.tsx';
import { TaskCard, useStyleName } from './components/task-card.tsx';
import { groupByDay } from './group-by-day.ts';
import { useBalanceAfterRefunds } from './refund-balance.ts';
import { byLikeness, GALLERY_SORTS, type GallerySort } from './sort-tasks.ts';
import { batchesInProgress, estimateOf } from './task-estimate.ts';
import { useNow } from './use-now.ts';
import { groupVersions, rootOf } from './versions.ts';
import '../../components/layout/app-screens.css';
import './gallery.css';
import './gallery-keepers.css';
import '../../lib/app-routes.ts';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';

export default function GalleryPage() {
  const { t, language } = useTranslation();
  const path = useLocalizedPath();
  const [filter, setFilter] = useState<TaskFilter>('all');
  const { tasks, loading, failed, refreshing, readAt, hasMore, loadingMore, reload, loadMore } =
    useTasks(filter);
  const favouritesOnly = filter === 'favourites';
  useBalanceAfterRefunds(tasks);
  const styles = useStyleMap();
  const styleName = useStyleName(styles);
  const [opened, setOpened] = useState<{ id: string; editing: boolean } | null>(null);
  const [generation, setGeneration] = useState(cacheGeneration);
  const [sort, setSort] = useState<GallerySort>('newest');

  const measured = tasks.some(isMeasured);
  const byScore = sort === 'likeness' && measured;
  // One card an avatar, where its newest version stands in the list.
  const avatars = useMemo(() => groupVersions(tasks), [tasks]);
  const versionsOf = useMemo(() => new Map(avatars.map((a) => [a.root, a.versions])), [avatars]);
  const groups = useMemo(() => {
    const newest = avatars.map((a) => a.newest);
    return byScore
      ? [{ day: 'likeness', heading: t('gallery.sortedByLikeness'), tasks: byLikeness(newest) }]
      : groupByDay(newest, language);
  }, [avatars, language, byScore, t]);
  const pending = tasks.filter(isPending).length;
  // Estimates count down once a second between two reads of the list (every 15 s).
  const now = useNow(pending > 0);
  const batches = batchesInProgress(tasks, readAt, now);
  const finished = tasks.some((task) => task.status === 'DONE');
  const open = tasks.find((task) => task.id === opened?.id && task.status === 'DONE');

  const [zipping, setZipping] = useState(false);
  const zipAll = async () => {
    setZipping(true);
    try {
      await downloadAll(favouritesOnly ? 'favouritesZip' : 'resultsZip');
    } catch (e) {
      console.error('Download all', e);
      // Too large for one archive: the server says how to get them (favourites, or one at a time).
      if (isApiError(e) && e.code === 'ARCHIVE_TOO_LARGE')
        toast.error(serverMessage(e, t('gallery.downloadAllFailed')));
      else toast.error(t(isThrottled(e) ? 'gallery.downloadsThrottled' : 'gallery.downloadAllFailed'));
    } finally {
      setZipping(false);
    }
  };

  const refresh = () => {
    clearImageCaches();
    setGeneration(cacheGeneration());
    reload();
  };

  return (
    <div className="container gallery-page">
      <title>{documentTitle(t('gallery.title'))}</title>
      <header className="app-page-header gallery-page__header">
        <div>
          <h1>{t('gallery.title')}</h1>
          <p className="muted">{t('gallery.subtitle')}</p>
        </div>
        <div className="gallery-page__actions">
          {measured && (
            <label className="gallery-sort">
              <span>{t('gallery.sortLabel')}</span>
              <select
                value={sort}
                onChange={(e) => setSort(e.target.value as GallerySort)}
                data-testid="gallery-sort"
              >
                {GALLERY_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`gallery.sort_${s}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {(finished || favouritesOnly) && (
            <fieldset className="gallery-filter">
              <legend className="visually-hidden">{t('gallery.filterLabel')}</legend>
              {(['all', 'favourites'] as const).map((f) => (
                <button
                  key={f}
                  type="button"
                  aria-pressed={filter === f}
                  onClick={() => setFilter(f)}
                  data-testid={`filter-${f}`}
                >
                  {f === 'favourites' && <StarIcon filled={filter === f} />}
                  {t(`gallery.filter_${f}`)}
                </button>
              ))}
            </fieldset>
          )}
          {finished && !favouritesOnly && (
            <Button
              variant="secondary"
              onClick={() => void zipAll()}
              loading={zipping}
              title={t('gallery.downloadAllHint')}
              data-testid="download-all"
            >
              <DownloadIcon />
              {t('gallery.downloadAll')}
            </Button>
          )}
          {finished && favouritesOnly && (
            <Button
              variant="secondary"
              onClick={() => void zipAll()}
              loading={zipping}
              title={t('gallery.downloadFavouritesHint')}
              data-testid="download-favourites"
            >
              <DownloadIcon />
              {t('gallery.downloadFavourites')}
            </Button>
          )}
          <Button variant="secondary" onClick={refresh} loading={loading || refreshing}>
            <RefreshIcon />
            {t('gallery.refresh')}
          </Button>
        </div>
      </header>
      {pending > 0 && (
        <div className="gallery-page__pending">
          <p data-testid="pending-note">
            <Spinner size="sm" />
            {t('gallery.pendingNote', { count: pending })}
          </p>
          {batches.length > 0 && (
            <ul className="batch-progress-list" aria-label={t('gallery.batchesLabel')}>
              {batches.map((batch) => (
                <BatchProgress key={batch.batchId} batch={batch} />
              ))}
            </ul>
          )}
        </div>
      )}
      {loading && <SkeletonCards count={4} className="task-grid" />}
      {failed && <RetryAlert message={t('gallery.listFailed')} onRetry={refresh} />}
      {!loading && !failed && tasks.length === 0 && favouritesOnly && (
        <div className="card gallery-empty" data-testid="favourites-empty">
          <span className="gallery-empty__icon">
            <StarIcon filled={false} />
          </span>
          <p className="gallery-empty__title">{t('gallery.favouritesEmpty')}</p>
          <p className="muted">{t('gallery.favouritesEmptyHint')}</p>
          <Button variant="secondary" onClick={() => setFilter('all')}>
            {t('gallery.filter_all')}
          </Button>
        </div>
      )}
      {!loading && !failed && tasks.length === 0 && !favouritesOnly && (
        <div className="card gallery-empty" data-testid="gallery-empty">
          <span className="gallery-empty__icon">
            <ImageIcon />
          </span>
          <p className="gallery-empty__title">{t('gallery.empty')}</p>
          <p className="muted">{t('gallery.emptyHint')}</p>
          <Link to={path('appCreate')} className={buttonClass({})}>
            <PaletteIcon />
            {t('gallery.createAvatar')}
          </Link>
        </div>
      )}
      <div key={generation} className="gallery-days">
        {groups.map((group) => (
          <section
            key={group.day}
            className="day-group"
            aria-labelledby={`day-${group.day}`}
            data-testid="day-group"
          >
            <h2 id={`day-${group.day}`} className="day-group__heading">
              {group.heading}
            </h2>
            <ul className="media-grid task-grid">
              {group.tasks.map((task) => (
                <TaskCard
                  key={rootOf(task)}
                  task={task}
                  versions={versionsOf.get(rootOf(task))}
                  style={styles.get(task.style_id)}
                  label={styleName(task)}
                  estimateOf={(v) => estimateOf(v, readAt, now)}
                  tasks={tasks}
                  onOpen={(v) => setOpened({ id: v.id, editing: false })}
                  onEdit={(v) => setOpened({ id: v.id, editing: true })}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {hasMore && !loading && (
        <div className="gallery-page__more">
          <Button variant="secondary" onClick={loadMore} loading={loadingMore}>
            {t('gallery.loadMore')}
          </Button>
        </div>
      )}
      {open && (
        <AvatarModal
          key={rootOf(open)}
          task={open}
          label={styleName(open)}
          versions={versionsOf.get(rootOf(open))}
          editing={opened?.editing}
          onShow={(v) => setOpened({ id: v.id, editing: false })}
          // The new version is made on its card, which shows it (and its progress) at once.
          onQueued={() => setOpened(null)}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}
