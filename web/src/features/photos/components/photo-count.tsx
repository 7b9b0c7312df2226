// How many photos the user has against the 2 needed to create avatars, with a link
// to Create Avatar once there are enough and that screen exists.

import { Link } from 'react-router';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ArrowRightIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';

export function PhotoCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const needed = PHOTO_LIMITS.neededForAvatars;
  const ready = count >= needed;
  return (
    <div className={`photo-count${ready ? ' photo-count--ready' : ''}`} data-testid="photo-count">
      <div className="photo-count__steps" aria-hidden="true">
        {Array.from({ length: needed }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
          <span key={i} className={`photo-count__step${i < count ? ' photo-count__step--done' : ''}`}>
            {i < count ? <CheckIcon /> : i + 1}
          </span>
        ))}
      </div>
      <div className="photo-count__text">
        <p className="photo-count__status">
          {ready ? t('photos.countReady', { count }) : t('photos.countProgress', { count, needed })}
        </p>
        <p className="photo-count__guide">{t('photos.countGuide', { max: PHOTO_LIMITS.maxPhotos })}</p>
      </div>
      {ready && (
        <Link to={path('appCreate')} className={`${buttonClass({ size: 'sm' })} photo-count__link`}>
          {t('photos.createAvatar')}
          <ArrowRightIcon />
        </Link>
      )}
    </div>
  );
}
