// "Your Photos": Refresh, the photos newest first, or the empty state; the list's own
// failure message.

import type { PhotoFile } from '#shared/api-schemas.ts';
import { SkeletonCards } from '../../../components/layout/app-skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ImageIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { PhotoListState } from '../api/photo-list.ts';
import { PhotoCard } from './photo-card.tsx';
import '../../../components/layout/app-screens.css';
import './photo-gallery.css';

export function PhotoGallery({
  state,
  onRefresh,
  onDelete,
}: {
  state: PhotoListState;
  onRefresh: () => void;
  onDelete: (photo: PhotoFile) => Promise<void>;
}) {
  const { t } = useTranslation();
  const photos = state.status === 'ready' ? state.list.files : [];
  return (
    <section className="card panel-card gallery" aria-labelledby="your-photos">
      <header className="gallery__header">
        <h2 id="your-photos">
          {t('photos.yourPhotos')}
          {state.status === 'ready' && <span className="gallery__count">{photos.length}</span>}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          className="gallery__refresh"
          onClick={onRefresh}
          loading={state.status === 'loading' || (state.status === 'ready' && state.refreshing)}
        >
          <RefreshIcon />
          {t('photos.refresh')}
        </Button>
      </header>
      {state.status === 'loading' && <SkeletonCards count={3} />}
      {state.status === 'error' && <RetryAlert message={t('photos.listFailed')} onRetry={onRefresh} />}
      {state.status === 'ready' && photos.length === 0 && (
        <div className="gallery__empty">
          <span className="gallery__empty-icon">
            <ImageIcon />
          </span>
          <p data-testid="photos-empty">{t('photos.empty')}</p>
        </div>
      )}
      {photos.length > 0 && (
        <ul className="media-grid gallery__grid">
          {photos.map((photo) => (
            <PhotoCard key={photo.filename} photo={photo} onDelete={() => onDelete(photo)} />
          ))}
        </ul>
      )}
    </section>
  );
}
