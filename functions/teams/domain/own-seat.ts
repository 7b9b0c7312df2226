// An owner's or admin's own seat (docs/product.md, "Teams"): they take one of the seats the team bought, as a
// member's join takes one (the store's condition on the team's counter: never more seats used than bought,
// however many ask at once), and then create from the team's allowance like any member; they may give it
// back, which follows a member's leaving: the seat returns only when nothing was created from it, and their
// chosen headshot leaves the team's ZIP.
import type { User } from '#platform/domain/ports.ts';
import { allowanceOfSeat } from './allowance.ts';
import type { TeamDeps } from './ports.ts';
import { teamError, teamFor } from './team-access.ts';

export async function takeOwnSeat(
  deps: TeamDeps,
  user: User,
  teamId: string,
): Promise<{ success: boolean; allowance_left: number }> {
  const me = await teamFor(deps, user, teamId, 'admin');
  const allowance = allowanceOfSeat().total;
  const taken = await deps.teams.takeSeat({ teamId, memberId: me.memberId, userId: user.id, allowance });
  if (!taken.ok) {
    if (taken.reason === 'no-seat') throw teamError('NO_SEAT', user.lang, 'noSeatToTake');
    if (taken.reason === 'seated') throw teamError('ALREADY_SEATED', user.lang, 'alreadySeated');
    if (taken.reason === 'mailbox-has-seat') throw teamError('MAILBOX_HAS_SEAT', user.lang, 'mailboxHasSeat');
    throw teamError('NOT_FOUND', user.lang, 'memberNotFound');
  }
  return { success: true, allowance_left: allowance };
}

export async function giveBackOwnSeat(
  deps: TeamDeps,
  user: User,
  teamId: string,
): Promise<{ success: boolean; seat_freed: boolean }> {
  const me = await teamFor(deps, user, teamId, 'admin');
  const given = await deps.teams.giveBackSeat(teamId, me.memberId, user.id);
  if (!given) throw teamError('NOT_FOUND', user.lang, 'noOwnSeat');
  // Their chosen headshot left the team's set: the ZIP is built anew ahead of the download.
  if (given.hadChosen) await deps.archives?.setChanged(teamId);
  return { success: true, seat_freed: given.freed };
}
