// The phone's bar on Create (create-page.tsx): how many styles are picked and their cost (or, for a team
// member, the avatars), and a link down to the selection.
import { buttonClass } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function SelectionBar({ count, total, team }: { count: number; total: number; team: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="selection-bar" data-testid="selection-bar">
      <span>
        {t('create.barSummary', {
          count,
          total: team ? t('create.avatars', { count: total }) : t('create.cost', { count: total }),
        })}
      </span>
      <a href="#selection" className={buttonClass({ size: 'sm' })}>
        {t('create.barReview')}
      </a>
    </div>
  );
}
