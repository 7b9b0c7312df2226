// My Avatars' header actions (gallery-page.tsx): the sort once a likeness is measured, the favourites filter,
// the ZIP of all avatars or of the favourites, and Refresh.
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadAll, isThrottled } from '../api/download.ts';
import type { TaskFilter } from '../api/tasks.ts';
import { GALLERY_SORTS, type GallerySort } from '../sort-tasks.ts';
import { StarIcon } from './favourite-star.tsx';

export function GalleryActions({
  measured,
  sort,
  onSort,
  finished,
  filter,
  onFilter,
  refreshing,
  onRefresh,
}: {
  /** some avatar has its likeness measured: it can be sorted by it */
  measured: boolean;
  sort: GallerySort;
  onSort: (sort: GallerySort) => void;
  /** some avatar is finished: there is something to download */
  finished: boolean;
  filter: TaskFilter;
  onFilter: (filter: TaskFilter) => void;
  /** the list being read */
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const favouritesOnly = filter === 'favourites';
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

  return (
    <div className="gallery-page__actions">
      {measured && (
        <label className="gallery-sort">
          <span>{t('gallery.sortLabel')}</span>
          <select
            value={sort}
            onChange={(e) => onSort(e.target.value as GallerySort)}
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
              onClick={() => onFilter(f)}
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
      <Button variant="secondary" onClick={onRefresh} loading={refreshing}>
        <RefreshIcon />
        {t('gallery.refresh')}
      </Button>
    </div>
  );
}
