// What My Avatars is still making (gallery-page.tsx): how many, and each batch's progress.
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { BatchProgress as Progress } from '../task-estimate.ts';
import { BatchProgress } from './batch-progress.tsx';

export function GalleryPending({ pending, batches }: { pending: number; batches: Progress[] }) {
  const { t } = useTranslation();
  return (
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
  );
}
