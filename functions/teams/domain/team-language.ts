// The language a team's emails are written in (docs/product.md, "Teams"): set when the team is made (the
// owner's page language), changed on the team page by its owner or admins. An invitation is written in it,
// with the other language below, and its join link opens the team page in it.

import type { User } from '#platform/domain/ports.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import type { TeamDeps } from './ports.ts';
import { teamError, teamFor } from './team-access.ts';

/** The language an email carries below the team's own. */
export const otherLanguage = (lang: Language): Language => LANGUAGES.find((l) => l !== lang) ?? lang;

export async function setTeamLanguage(
  deps: Pick<TeamDeps, 'teams'>,
  user: User,
  teamId: string,
  lang: Language,
): Promise<{ lang: Language }> {
  await teamFor(deps, user, teamId, 'admin');
  if (!(await deps.teams.setLanguage(teamId, lang))) throw teamError('NOT_FOUND', user.lang, 'teamNotFound');
  return { lang };
}
