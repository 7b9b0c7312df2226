// The star of a finished avatar: a toggle button (aria-pressed) on its card and in its modal. The
// server keeps it (api/favourites.ts, a mutation): a star the server did not keep goes back, and a toast
// says so.
import { useTranslation } from '../../../lib/i18n.ts';
import { useSetFavourite } from '../api/favourites.ts';
import type { Task } from '../api/tasks.ts';

export const StarIcon = ({ filled }: { filled: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill={filled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
  </svg>
);

export function FavouriteStar({
  task,
  name,
  inModal = false,
}: {
  task: Task;
  name: string;
  inModal?: boolean;
}) {
  const { t } = useTranslation();
  const change = useSetFavourite();
  const on = task.favourite === true;
  const star = (
    <button
      type="button"
      className={`favourite-star${inModal ? ' favourite-star--modal' : ''}`}
      aria-pressed={on}
      aria-label={inModal ? undefined : t('gallery.favouriteOf', { name })}
      title={t(on ? 'gallery.favouriteRemove' : 'gallery.favouriteAdd')}
      disabled={change.isPending}
      onClick={() => change.mutate({ task, favourite: !on })}
      data-testid="favourite"
    >
      <StarIcon filled={on} />
      {inModal && <span>{t('gallery.favourite')}</span>}
    </button>
  );
  // On a card, over the bottom right of the picture (the top left holds the preview badge).
  return inModal ? star : <span className="favourite-star__place">{star}</span>;
}
