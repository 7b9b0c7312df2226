// Who may act on a team (docs/product.md, "Teams"): every team use case checks its caller here, in whichever
// group serves the route (the teams group; the billing group's seat checkout, seat-checkout.ts). Someone
// outside the team (an admin of another team included) is told the team does not exist (404); a member
// asking for an admin action is refused (403).

import { DomainError, type DomainErrorCode } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import type { Language } from '#shared/language.ts';
import { TEAM_MESSAGES, type TeamMessageId, type TeamRole } from '#shared/team-rules.ts';
import type { Team, TeamAccessReads } from './ports.ts';

export const teamError = (code: DomainErrorCode, lang: Language, id: TeamMessageId): DomainError =>
  new DomainError(code, TEAM_MESSAGES[id][lang]);

/** The web app's team page in a language, with a join code when there is one. */
export const teamPageUrl = (webUrl: string, lang: Language, code?: string): string =>
  `${webUrl.replace(/\/$/, '')}${lang === 'fr' ? '/fr' : ''}/app/team${code ? `?code=${encodeURIComponent(code)}` : ''}`;

export const isAdmin = (role: TeamRole): boolean => role === 'owner' || role === 'admin';

/**
 * The 404 for a team the caller is not in: "Team not found", or, for a team dissolved when its owner's
 * account was deleted, that it no longer exists (its former members' dashboard and join links say why; the
 * ids are random, so this tells an outsider nothing they could look for).
 */
function notFound(lang: Language, team: Team | null): DomainError {
  return teamError('NOT_FOUND', lang, team && team.dissolvedAt !== null ? 'teamDissolved' : 'teamNotFound');
}

/**
 * The team, when the caller belongs to it with at least `need`. Not a member: 404 (an admin of another team
 * learns nothing about this one); a member asking for more: 403.
 */
export async function teamFor(
  deps: { teams: TeamAccessReads },
  user: User,
  teamId: string,
  need: 'member' | 'admin' | 'owner',
): Promise<{ team: Team; role: TeamRole; memberId: string }> {
  // Both reads by key at once (the team's id is the path's): the dashboard's page waits on one round trip
  // before its Query, not two. The team is used only once the membership is checked.
  const [membership, team] = await Promise.all([
    deps.teams.membershipOf(user.id),
    teamId ? deps.teams.getTeam(teamId) : null,
  ]);
  if (!membership || membership.teamId !== teamId) throw notFound(user.lang, team);
  if (need === 'admin' && !isAdmin(membership.role)) throw teamError('FORBIDDEN', user.lang, 'notTeamAdmin');
  if (need === 'owner' && membership.role !== 'owner')
    throw teamError('FORBIDDEN', user.lang, 'notTeamOwner');
  if (!team || team.dissolvedAt !== null) throw notFound(user.lang, team);
  return { team, role: membership.role, memberId: membership.memberId };
}
