// The caller's team as the Create screen needs it (GET /teams/mine, the same read as the Team screen): a
// member with a seat creates from the team's allowance, in the styles and combinations the team allows
// (docs/product.md, "Teams"). None (404), or no seat: personal tokens, as before.
import { useQuery } from '@tanstack/react-query';
import type { MyTeam, TeamCombo } from '#shared/api-schemas.ts';
import { routeQueryOrNone } from '../../../lib/server-state.tsx';

interface TeamSpend {
  /** avatars left from the team's allowance */
  allowanceLeft: number;
  /** the style ids members may create; null: every style */
  styles: number[] | null;
  /** the backdrop x outfit combinations allowed; null: any */
  combos: TeamCombo[] | null;
}

const spendOf = (team: MyTeam | null): TeamSpend | null =>
  team && team.allowance_left !== undefined
    ? { allowanceLeft: team.allowance_left, styles: team.allowed.styles, combos: team.allowed.combos }
    : null;

/** `loading` until known; null when the create spends personal tokens. */
export function useTeamSpend(): TeamSpend | null | 'loading' {
  const query = useQuery({
    ...routeQueryOrNone('myTeam'),
    select: spendOf,
  });
  if (query.isPending) return 'loading';
  // Unknown (the read failed): personal tokens; the server decides anyway and says why it refuses.
  return query.data ?? null;
}
