// Placeholders in the shape of what is coming: an app screen draws its frame at once
// (its title, its panels) and these grey shapes where its data will be, instead of a blank page and a
// spinner. Announced once, as "Loading…", for screen readers. Their styles are the layout's (app-layout.css).
import { useTranslation } from '../../lib/i18n.ts';

/** `count` grey shapes in a box announced once as loading; `head` is each shape's first line or picture. */
function Skeletons(p: { count: number; className: string; kind: 'card' | 'panel'; head: string }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton-${p.kind}s ${p.className}`} data-testid="skeleton" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: p.count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <span key={i} className={`skeleton skeleton-${p.kind}`} aria-hidden="true">
          <span className={p.head} />
          <span className="skeleton-card__line" />
          <span className="skeleton-card__line skeleton-card__line--short" />
        </span>
      ))}
    </div>
  );
}

/** A grid of `count` card shapes (the styles, the photos, the avatars). */
export const SkeletonCards = ({ count, className = '' }: { count: number; className?: string }) => (
  <Skeletons count={count} className={className} kind="card" head="skeleton-card__picture" />
);

/** Panel shapes (the account's cards). */
export const SkeletonPanels = ({ count, className = '' }: { count: number; className?: string }) => (
  <Skeletons
    count={count}
    className={className}
    kind="panel"
    head="skeleton-card__line skeleton-card__line--title"
  />
);

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
