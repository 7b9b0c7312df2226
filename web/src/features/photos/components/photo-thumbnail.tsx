// One photo's thumbnail: a placeholder until the image has loaded, a spinner while
// it loads, and its own error with a tooltip. The short-lived URL from the list comes first; if it fails
// (expired, blocked), the image is fetched once as base64 (GET /photos/data/{filename}).
import { useId, useState } from 'react';
import type { PhotoFile } from '#shared/api-schemas.ts';
import { AlertIcon, ImageIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type State = { status: 'loading' | 'loaded' } | { status: 'error'; detail: string };

export function PhotoThumbnail({ photo, alt }: { photo: PhotoFile; alt: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState(photo.thumbnail_url);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [triedData, setTriedData] = useState(false);
  const tooltipId = useId();

  const onError = () => {
    if (triedData) {
      setState({ status: 'error', detail: t('photos.imageError') });
      return;
    }
    setTriedData(true);
    api('photoData', { params: { filename: photo.filename } }).then(
      (data) => setSrc(`data:${data.content_type};base64,${data.data}`),
      (e: unknown) => {
        console.error('Photo data', photo.filename, e);
        const fallback = t('photos.imageDataFailed');
        const detail = isApiError(e) && e.status > 0 ? serverMessage(e, fallback) : fallback;
        setState({ status: 'error', detail });
      },
    );
  };

  return (
    <div className={`photo-thumb photo-thumb--${state.status}`}>
      <span className="photo-thumb__placeholder" aria-hidden="true">
        <ImageIcon />
      </span>
      {state.status !== 'error' && (
        <img
          src={src}
          alt={alt}
          className="photo-thumb__img"
          width={320}
          height={320}
          loading="lazy"
          decoding="async"
          onLoad={() => setState({ status: 'loaded' })}
          onError={onError}
        />
      )}
      {state.status === 'loading' && (
        <span className="media-spinner">
          <Spinner size="sm" label={t('common.loading')} />
        </span>
      )}
      {state.status === 'error' && (
        <span className="photo-thumb__error" data-testid="photo-error">
          <button type="button" className="photo-thumb__error-icon" aria-describedby={tooltipId}>
            <AlertIcon />
            <span className="visually-hidden">{t('photos.imageFailed')}</span>
          </button>
          <span className="photo-thumb__error-text">{t('photos.imageFailed')}</span>
          <span role="tooltip" id={tooltipId} className="photo-thumb__tooltip">
            {state.detail}
          </span>
        </span>
      )}
    </div>
  );
}
