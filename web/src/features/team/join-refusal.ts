// The refusal a join would answer, said before Join is pressed (docs/product.md, "Teams"): read from the
// code's preview (GET /teams/join/{code}), in the page's language, in shared/team-rules.ts's words where the
// join says the same; an emailed invitation already used has its own (the join's "already in a team" would
// tell the person who opened it nothing).
import type { JoinPreview } from '#shared/api-schemas.ts';
import type { Language } from '#shared/language.ts';
import { TEAM_MESSAGES, type TeamMessageId } from '#shared/team-rules.ts';

const BY_STATUS: Partial<Record<JoinPreview['status'], TeamMessageId>> = {
  revoked: 'linkRevoked',
  expired: 'linkExpired',
  for_another: 'inviteForAnother',
  domain_refused: 'domainRefused',
  in_other_team: 'alreadyInTeam',
};

/** The refusal's words, or null when the code can be used ('valid') or the caller is in the team already. */
export function joinRefusal(seen: JoinPreview, lang: Language, inviteUsed: string): string | null {
  if (seen.status === 'used') return seen.kind === 'link' ? TEAM_MESSAGES.capReached[lang] : inviteUsed;
  const id = BY_STATUS[seen.status];
  return id ? TEAM_MESSAGES[id][lang] : null;
}
