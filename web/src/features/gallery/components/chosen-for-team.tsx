// "Chosen for my team" on a finished team avatar (docs/product.md, "Teams"): a toggle (aria-pressed); the
// team's owner and admins see this one avatar and nothing else of the member's (docs/faces.md).
import { useTranslation } from '../../../lib/i18n.ts';
import { useSetChosen } from '../api/chosen.ts';
import type { Task } from '../api/tasks.ts';

export function ChosenForTeam({ task, tasks }: { task: Task; tasks: Task[] }) {
  const { t } = useTranslation();
  const change = useSetChosen();
  if (!task.team_id) return null;
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
