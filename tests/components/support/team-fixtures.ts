// The Team screen's answers (team-screens, team-email-limits, team-purchases): a team, a member's row, and the
// reads the page makes for its owner, built to the route table's schemas (the stub checks them again).
import type { MyTeam, SeatPurchase, Style, TeamMember } from '#shared/api-schemas.ts';
import { apiStub, ok } from './api-stub.ts';

/** The caller's team: Acme, owned by them, 3 seats of which 1 is used. */
export const aTeam = (over: Partial<MyTeam> = {}): MyTeam => ({
  team_id: 'team-1',
  name: 'Acme',
  role: 'owner',
  member_id: 'm-owner',
  domains: ['acme.test'],
  lang: 'en',
  seats_total: 3,
  seats_used: 1,
  allowed: { styles: null, combos: null },
  chosen_task_id: null,
  ...over,
});

/** The reads of the Team page as its owner or an admin opens it: the team, its rows, looks, links, purchases. */
export function teamPageReads(
  team: MyTeam,
  o: { members?: TeamMember[]; styles?: Style[]; purchases?: SeatPurchase[] } = {},
): void {
  apiStub.on('myTeam', ok('myTeam', team));
  apiStub.on('teamPurchases', ok('teamPurchases', { purchases: o.purchases ?? [] }));
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: o.styles ?? [] }));
  apiStub.on('teamInviteLinks', ok('teamInviteLinks', { links: [] }));
  apiStub.on(
    'teamMembers',
    ok('teamMembers', {
      members: o.members ?? [],
      seats_total: team.seats_total,
      seats_used: team.seats_used,
      next_cursor: null,
    }),
  );
}
