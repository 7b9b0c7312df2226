// Placeholders in the shape of what is coming (issue 23, item 14): an app screen draws its frame at once
// (its title, its panels) and these grey shapes where its data will be, instead of a blank page and a
// spinner. Announced once, as "Loading…", for screen readers. Their styles are the layout's (app-layout.css).
import { useTranslation } from '../../lib/i18n.ts';

/** A grid of `count` card shapes (the styles, the photos, the avatars). */
export function SkeletonCards({ count, className = '' }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton-cards ${className}`} data-testid="skeleton" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <span key={i} className="skeleton skeleton-card" aria-hidden="true">
          <span className="skeleton-card__picture" />
          <span className="skeleton-card__line" />
          <span className="skeleton-card__line skeleton-card__line--short" />
        </span>
      ))}
    </div>
  );
}

/** Panel shapes (the account's cards). */
export function SkeletonPanels({ count, className = '' }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton-panels ${className}`} data-testid="skeleton" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <span key={i} className="skeleton skeleton-panel" aria-hidden="true">
          <span className="skeleton-card__line skeleton-card__line--title" />
          <span className="skeleton-card__line" />
          <span className="skeleton-card__line skeleton-card__line--short" />
        </span>
      ))}
    </div>
  );
}

/** A whole screen's shape, while its code arrives: a title, a line, cards. */
export function PageSkeleton() {
  return (
    <div className="container skeleton-page" aria-busy="true">
      <span className="skeleton skeleton-page__title" aria-hidden="true" />
      <span className="skeleton skeleton-page__subtitle" aria-hidden="true" />
      <SkeletonCards count={4} />
    </div>
  );
}
