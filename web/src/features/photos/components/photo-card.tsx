// A photo in "Your Photos": thumbnail, name (over 25 characters: 22 and an ellipsis), size in KB with one
// decimal, its quality score with what would raise it, quality warnings (and what the check did, such as
// turning the photo upright), and delete.
import { useState } from 'react';
import type { PhotoFile } from '#shared/api-schemas.ts';
import { INFORMATION_HINTS, truncateFilename } from '#shared/photo-rules.ts';
import { PhotoQualityLine } from '../../../components/quality/quality-meter.tsx';
import { AlertIcon, InfoIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { PhotoThumbnail } from './photo-thumbnail.tsx';

export function PhotoCard({ photo, onDelete }: { photo: PhotoFile; onDelete: () => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [deleting, setDeleting] = useState(false);
  const name = photo.original_name || photo.filename;
  const kb = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(photo.size / 1024);

  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <li className="media-card photo-card" data-testid="photo-card" data-filename={photo.filename}>
      <PhotoThumbnail photo={photo} alt={name} />
      <div className="photo-card__meta">
        <p className="photo-card__name" title={name} data-testid="photo-name">
          {truncateFilename(name)}
        </p>
        <p className="photo-card__size" data-testid="photo-size">
          {t('photos.size', { size: kb })}
        </p>
      </div>
      <PhotoQualityLine quality={photo.quality} hints={photo.hints} />
      {photo.hints.length > 0 && (
        <ul className="photo-card__hints" title={t('photos.hintsNote')}>
          {photo.hints.map((hint) => {
            const information = INFORMATION_HINTS.includes(hint);
            return (
              <li
                key={hint}
                className={information ? 'photo-hint photo-hint--info' : 'photo-hint'}
                data-hint={hint}
              >
                {information ? <InfoIcon /> : <AlertIcon />}
                {t(`photos.hint_${hint}`)}
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="photo-card__delete"
        onClick={remove}
        disabled={deleting}
        aria-label={t('photos.delete', { name })}
        title={t('photos.delete', { name })}
      >
        {deleting ? <Spinner size="sm" /> : <TrashIcon />}
      </button>
    </li>
  );
}
