// My Avatars with nothing to show (gallery-page.tsx): no favourite yet (back to all of them), or no avatar
// yet (on to Create).
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ImageIcon, PaletteIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { StarIcon } from './favourite-star.tsx';

export function GalleryEmpty({
  favouritesOnly,
  onShowAll,
}: {
  favouritesOnly: boolean;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  if (favouritesOnly)
    return (
      <div className="card gallery-empty" data-testid="favourites-empty">
        <span className="gallery-empty__icon">
          <StarIcon filled={false} />
        </span>
        <p className="gallery-empty__title">{t('gallery.favouritesEmpty')}</p>
        <p className="muted">{t('gallery.favouritesEmptyHint')}</p>
        <Button variant="secondary" onClick={onShowAll}>
          {t('gallery.filter_all')}
        </Button>
      </div>
    );
  return (
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
  );
}
