// "One look for everyone" (docs/product.md, "Teams"): a member creating from the team's allowance may pick
// only the styles the owner allowed, and for a style that takes backdrops and outfits, only the allowed
// combinations (a plain render of such a style is not one of them). Checked before anything is charged;
// changing the rules never touches finished avatars.

import { DomainError } from '#platform/domain/errors.ts';
import type { Language } from '#shared/language.ts';
import type { TaskChoice } from '#shared/style-choices.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import type { Allowed } from './ports.ts';

interface Pick {
  style: { id: number; acceptsChoices: boolean };
  choice: TaskChoice;
}

/** Why a pick is outside the team's rules, or null when every pick is inside them. */
export function outsideAllowed(allowed: Allowed, picks: readonly Pick[]): 'style' | 'combo' | null {
  for (const { style, choice } of picks) {
    if (allowed.styles && !allowed.styles.includes(style.id)) return 'style';
    if (allowed.combos && style.acceptsChoices) {
      const ok = allowed.combos.some((c) => c.backdrop === choice.backdrop && c.outfit === choice.outfit);
      if (!ok) return 'combo';
    }
  }
  return null;
}

export function checkAllowed(lang: Language, allowed: Allowed, picks: readonly Pick[]): void {
  const outside = outsideAllowed(allowed, picks);
  if (outside === 'style') throw new DomainError('NOT_ALLOWED_BY_TEAM', TEAM_MESSAGES.styleNotAllowed[lang]);
  if (outside === 'combo') throw new DomainError('NOT_ALLOWED_BY_TEAM', TEAM_MESSAGES.comboNotAllowed[lang]);
}
