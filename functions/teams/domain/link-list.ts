// The team's open invitation links as the owner and admins see them after the page that made them is gone
// (docs/product.md, "Teams"): the ones that still let someone join, with their domains, uses and cap, expiry,
// who made each and when. Never the code: only its SHA-256 is stored, and the list would not say it anyway.
import type { User } from '#platform/domain/ports.ts';
import type { InviteLinkRecord, TeamDeps } from './ports.ts';
import { teamFor } from './team-access.ts';

/** A link that still opens the team: not revoked, not expired, under its cap. */
export const linkActive = (l: InviteLinkRecord, now: number): boolean =>
  l.revokedAt === null && l.expiresAt > now && l.uses < l.maxUses;

export async function listInviteLinks(deps: TeamDeps, user: User, teamId: string) {
  await teamFor(deps, user, teamId, 'admin');
  const now = deps.clock.now();
  const links = (await deps.teams.listLinks(teamId))
    .filter((l) => linkActive(l, now))
    .sort((a, b) => b.createdAt - a.createdAt || (a.linkId < b.linkId ? -1 : 1));
  // Who made each: the makers' rows by key (a handful of owners and admins), an address only.
  const makers = [...new Set(links.flatMap((l) => (l.createdBy ? [l.createdBy] : [])))];
  const rows = await Promise.all(makers.map((m) => deps.teams.getMember(teamId, m)));
  const emailOf = new Map(rows.flatMap((r) => (r ? [[r.memberId, r.email] as const] : [])));
  return {
    links: links.map((l) => ({
      link_id: l.linkId,
      domains: l.domains,
      uses: l.uses,
      max_uses: l.maxUses,
      expires_at: l.expiresAt,
      created_at: l.createdAt,
      created_by: (l.createdBy && emailOf.get(l.createdBy)) ?? null,
    })),
  };
}
