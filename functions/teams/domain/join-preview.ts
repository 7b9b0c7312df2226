// What a join code would do, seen before joining (docs/product.md, "Teams"): the join screen names the team
// and, before Join is pressed, the refusal the join would answer; the sign-in pages name the team and the
// address to use. It tells the team's name and language, an open link's domains and an emailed invitation's
// address (while it can still be used), nothing else: no id, seats or members. Limited per client address,
// as the login link's look is (accounts/rate-limits.ts): each answer says whether a code exists.

import type { Clock, Ids, RateLimiter, User } from '#platform/domain/ports.ts';
import type { JoinPreview } from '#shared/api-schemas.ts';
import { enforceLimits, type RateLimitPolicy } from '../../accounts/public.ts';
import { emailDomainAllowed } from './domains.ts';
import type { JoinCode, Team, TeamStore } from './ports.ts';
import { teamError } from './team-access.ts';

export interface JoinPreviewDeps {
  teams: Pick<
    TeamStore,
    'findCode' | 'getTeam' | 'getMember' | 'getLink' | 'membershipOf' | 'invitedMemberId'
  >;
  ids: Pick<Ids, 'hashSecret'>;
  clock: Clock;
  limiter: RateLimiter;
  limits: Pick<RateLimitPolicy, 'joinCodePreviewPerClient'>;
}

type Status = JoinPreview['status'];

/**
 * The preview of `code` for `caller` (signed out: `user` null, only the code's own state). 404 for a code
 * that is none, or whose team is gone; 429 past the per-address limit.
 */
export async function previewJoinCode(
  deps: JoinPreviewDeps,
  caller: { clientAddress: string; user: User | null },
  code: string,
): Promise<JoinPreview> {
  const lang = caller.user?.lang ?? 'en';
  await enforceLimits(deps.limiter, 'join_code_preview', [
    { scope: 'client', key: caller.clientAddress, rule: deps.limits.joinCodePreviewPerClient },
  ]);
  const found = code ? await deps.teams.findCode(deps.ids.hashSecret(code)) : null;
  const team = found ? await deps.teams.getTeam(found.teamId) : null;
  if (!found || !team) throw teamError('NOT_FOUND', lang, 'linkNotFound');
  if (team.dissolvedAt !== null) throw teamError('NOT_FOUND', lang, 'teamDissolved');
  const membership = caller.user ? await deps.teams.membershipOf(caller.user.id) : null;
  const base = { team_name: team.name, lang: team.lang };
  // Reopening one's own invitation from inside the team: nothing to join.
  if (membership?.teamId === team.id) {
    const domains = found.kind === 'link' ? await linkDomains(deps, found) : [];
    return { ...base, kind: found.kind, domains, email: null, status: 'member', team_id: team.id };
  }
  const inOtherTeam = membership !== null;
  if (found.kind === 'invite') {
    const status = await inviteStatus(deps, found, team, caller.user, inOtherTeam);
    const usable = status === 'valid' || status === 'for_another' || status === 'in_other_team';
    return { ...base, kind: 'invite', domains: [], email: usable ? found.email : null, status };
  }
  const link = await deps.teams.getLink(found.teamId, found.linkId);
  if (!link) throw teamError('NOT_FOUND', lang, 'linkNotFound');
  const now = deps.clock.now();
  let status: Status = 'valid';
  if (link.revokedAt !== null) status = 'revoked';
  else if (link.expiresAt <= now) status = 'expired';
  else if (link.uses >= link.maxUses) status = 'used';
  else if (caller.user) {
    const invited = await deps.teams.invitedMemberId(team.id, caller.user.email);
    if (!invited && !emailDomainAllowed(caller.user.email, link.domains)) status = 'domain_refused';
    else if (inOtherTeam) status = 'in_other_team';
  }
  return { ...base, kind: 'link', domains: link.domains, email: null, status };
}

async function linkDomains(deps: JoinPreviewDeps, found: Extract<JoinCode, { kind: 'link' }>) {
  return (await deps.teams.getLink(found.teamId, found.linkId))?.domains ?? [];
}

/** The join's own order (teams.ts joinTeam): withdrawn, used, expired, then the caller's address and team. */
async function inviteStatus(
  deps: JoinPreviewDeps,
  found: Extract<JoinCode, { kind: 'invite' }>,
  team: Team,
  user: User | null,
  inOtherTeam: boolean,
): Promise<Status> {
  if (found.revokedAt !== null) return 'revoked';
  const member = await deps.teams.getMember(team.id, found.memberId);
  if (!member) return 'revoked';
  if (member.userId !== null || member.leftAt !== null) return 'used';
  if (found.expiresAt <= deps.clock.now()) return 'expired';
  if (!user) return 'valid';
  if (found.email !== user.email) return 'for_another';
  return inOtherTeam ? 'in_other_team' : 'valid';
}
