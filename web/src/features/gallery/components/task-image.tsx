// A finished avatar's image: the short-lived URL from the list first, then the
// base64 route, at most 2 fetches per path (api/image-cache.ts); after that 'Unable to load image'.
import { useEffect, useState } from 'react';
import { AlertIcon, ImageIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { cachedImage, MAX_FETCHES_PER_PATH, markFailed, markLoaded, takeFetch } from '../api/image-cache.ts';

type View =
  | { status: 'loading'; src: string | null }
  | { status: 'loaded'; src: string }
  | { status: 'failed' };

function initialView(path: string, url: string | undefined): View {
  const cached = cachedImage(path);
  if (cached.loaded) return { status: 'loaded', src: cached.loaded };
  if (cached.failed) return { status: 'failed' };
  if (url && cached.fetches === 0 && takeFetch(path)) return { status: 'loading', src: url };
  return { status: 'loading', src: null };
}

export function TaskImage({
  path,
  url,
  filename,
  alt,
  width,
  height,
  lazy = false,
}: {
  /** the cache key: the result's path, and which size */
  path: string;
  url: string | undefined;
  /** the result routes' {filename} */
  filename: string;
  alt: string;
  width: number;
  height: number;
  lazy?: boolean;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(() => initialView(path, url));
  const [retry, setRetry] = useState(0);

  // The second fetch (or the first, without a URL): the base64 route.
  const needsData = view.status === 'loading' && view.src === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` starts the second fetch after a failed first
  useEffect(() => {
    if (!needsData) return;
    if (!takeFetch(path)) {
      setView({ status: 'failed' });
      return;
    }
    let live = true;
    api('resultData', { params: { filename } }).then(
      ({ data, content_type }) =>
        live && setView({ status: 'loading', src: `data:${content_type};base64,${data}` }),
      (e: unknown) => {
        console.error('Result image', filename, e);
        if (!live) return;
        if (cachedImage(path).fetches < MAX_FETCHES_PER_PATH) return setRetry((n) => n + 1);
        markFailed(path);
        setView({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [needsData, path, filename, retry]);

  if (view.status === 'failed') {
    return (
      <div className="task-image task-image--failed" data-testid="image-failed">
        <AlertIcon />
        <span>{t('gallery.unableToLoad')}</span>
      </div>
    );
  }
  return (
    <div className={`task-image task-image--${view.status}`}>
      <span className="task-image__placeholder" aria-hidden="true">
        <ImageIcon />
      </span>
      {view.src && (
        <img
          src={view.src}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          loading={lazy ? 'lazy' : undefined}
          onLoad={() => {
            if (!view.src) return;
            markLoaded(path, view.src);
            setView({ status: 'loaded', src: view.src });
          }}
          onError={() => setView({ status: 'loading', src: null })}
        />
      )}
      {view.status === 'loading' && (
        <span className="media-spinner">
          <Spinner size="sm" label={t('common.loading')} />
        </span>
      )}
    </div>
  );
}
