// /app/gallery, My Avatars (docs/product.md, step 5): the tasks by
// day, newest first, polled every 15 s while any is pending; a finished one opens 'Generated Avatar';
// downloads with presets, and all of them as one ZIP; the favourites filter and their own ZIP; Refresh
// clears the image caches and reloads. The versions of an edited avatar share one card (versions.ts).
import './strings.ts';
import { useMemo, useState } from 'react';
import { SkeletonCards } from '../../components/layout/app-skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { cacheGeneration, clearImageCaches } from './api/image-cache.ts';
import { useStyleMap } from './api/styles.ts';
import { isPending, type TaskFilter, useTasks } from './api/tasks.ts';
import { AvatarModal } from './components/avatar-modal.tsx';
import { DayGroup } from './components/day-group.tsx';
import { GalleryActions } from './components/gallery-actions.tsx';
import { GalleryEmpty } from './components/gallery-empty.tsx';
import { GalleryPending } from './components/gallery-pending.tsx';
import { isMeasured } from './components/likeness.tsx';
import { TaskCard, useStyleName } from './components/task-card.tsx';
import { groupByDay } from './group-by-day.ts';
import { useBalanceAfterRefunds } from './refund-balance.ts';
import { byLikeness, type GallerySort } from './sort-tasks.ts';
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
        <GalleryActions
          measured={measured}
          sort={sort}
          onSort={setSort}
          finished={finished}
          filter={filter}
          onFilter={setFilter}
          refreshing={loading || refreshing}
          onRefresh={refresh}
        />
      </header>
      {pending > 0 && <GalleryPending pending={pending} batches={batches} />}
      {loading && <SkeletonCards count={4} className="task-grid" />}
      {failed && <RetryAlert message={t('gallery.listFailed')} onRetry={refresh} />}
      {!loading && !failed && tasks.length === 0 && (
        <GalleryEmpty favouritesOnly={favouritesOnly} onShowAll={() => setFilter('all')} />
      )}
      <div key={generation} className="gallery-days">
        {groups.map((group) => (
          <DayGroup key={group.day} day={group.day} heading={group.heading}>
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
          </DayGroup>
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
