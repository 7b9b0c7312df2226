// What deleting the account does to the person's team, said beside the confirmation (docs/product.md,
// "Teams"): they leave it, their team avatars go, their chosen team headshot leaves the team's ZIP, and an
// owner hands the team on (or it is dissolved). Nothing without a team.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeQueryOrNone } from '../../../lib/server-state.tsx';

export function TeamDeletionNote() {
  const { t } = useTranslation();
  const team = useQuery(routeQueryOrNone('myTeam')).data;
  if (!team) return null;
  return (
    <div className="delete-confirm__team" data-testid="delete-team-note">
      <p>{t('account.deleteTeamLeave', { team: team.name })}</p>
      {team.chosen_task_id && <p>{t('account.deleteTeamHeadshot')}</p>}
      {team.role === 'owner' && <p>{t('account.deleteTeamOwner')}</p>}
    </div>
  );
}
