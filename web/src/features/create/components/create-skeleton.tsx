// Create while its styles load (create-page.tsx): the grid's cards and the side panel, as placeholders.
import { SkeletonCards, SkeletonPanels } from '../../../components/layout/app-skeleton.tsx';

export function CreateSkeleton() {
  return (
    <div className="create__grid">
      <div className="create__styles">
        <SkeletonCards count={6} />
      </div>
      <SkeletonPanels count={1} className="skeleton-panels--stack" />
    </div>
  );
}
