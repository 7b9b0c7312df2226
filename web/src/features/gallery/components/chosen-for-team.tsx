// "Chosen for my team" on a finished team avatar (docs/product.md, "Teams"): a toggle (aria-pressed); the
// team's owner and admins see this one avatar and nothing else of the member's (docs/faces.md). Shown only
// while the person is in the team that paid for the avatar (GET /teams/mine, the read the Create screen
// makes too): after leaving it there is nothing to choose for, and the button could only fail.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeQueryOrNone } from '../../../lib/server-state.tsx';
import { useSetChosen } from '../api/chosen.ts';
import type { Task } from '../api/tasks.ts';

export function ChosenForTeam({ task, tasks }: { task: Task; tasks: Task[] }) {
  const { t } = useTranslation();
  const change = useSetChosen();
  // Asked only for a team avatar: a gallery of personal ones needs no team.
  const teamId = useQuery({
    ...routeQueryOrNone('myTeam'),
    select: (team) => team?.team_id ?? null,
    enabled: task.team_id !== undefined,
  }).data;
  if (!task.team_id || teamId !== task.team_id) return null;
  const on = task.team_chosen === true;
  const before = tasks.find((other) => other.team_id === task.team_id && other.team_chosen)?.id ?? null;
  return (
    <button
      type="button"
      className={`chosen-for-team${on ? ' chosen-for-team--on' : ''}`}
      aria-pressed={on}
      disabled={change.isPending}
      onClick={() => change.mutate({ task, chosen: !on, before })}
      data-testid="chosen-for-team"
    >
      {on ? `✓ ${t('gallery.chosenForTeam')}` : t('gallery.chooseForTeam')}
    </button>
  );
}
