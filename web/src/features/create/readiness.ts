// What stands between the selection and Create Avatars: no style, fewer than 2 photos,
// a balance below the total, more avatars than one create makes, or no user to check it against. The server
// checks the same things again. With backdrops and outfits, a style that accepts them makes one
// avatar per combination, each at the style's cost.

import type { Style, UserInfo } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { MAX_AVATARS_PER_BATCH, type StyleChoices } from '#shared/style-choices.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { tokenBalance } from '../../lib/session.tsx';

/** The hint's number: shown, not enforced. */
const STYLE_HINT = 10;

export interface Warning {
  key: string;
  kind: 'warning' | 'info';
  text: string;
}

export interface Readiness {
  total: number;
  /** avatars the create would make */
  avatars: number;
  balance: number | null;
  short: boolean;
  canCreate: boolean;
  warnings: Warning[];
}

/** Every picked backdrop with every picked outfit; a list left empty counts once (the style's own). */
export const combinationCount = (c: StyleChoices): number =>
  Math.max(1, c.backdrops.length) * Math.max(1, c.outfits.length);

/** The avatars one style makes with these choices. */
export const avatarsOf = (style: Style, c: StyleChoices): number =>
  style.accepts_choices ? combinationCount(c) : 1;

/**
 * A team member with a seat spends the team's allowance (docs/product.md, "Teams"): one avatar each,
 * whatever the style's token price; `teamAllowance` is what is left of it (absent: personal tokens).
 */
export function readinessOf(
  selected: Style[],
  choices: StyleChoices,
  user: UserInfo | null,
  userLoading: boolean,
  photoCount: number | 'loading' | 'unknown',
  t: TFunction,
  teamAllowance?: number,
): Readiness {
  const team = teamAllowance !== undefined;
  const avatars = selected.reduce((sum, s) => sum + avatarsOf(s, choices), 0);
  const total = team ? avatars : selected.reduce((sum, s) => sum + s.token_cost * avatarsOf(s, choices), 0);
  const balance = team ? teamAllowance : user ? tokenBalance(user) : null;
  const short = balance !== null && balance < total;
  const fewPhotos = typeof photoCount === 'number' && photoCount < PHOTO_LIMITS.neededForAvatars;
  // The product's contract enforces no limit on styles (the server answers for that): only the choices' extra avatars warn.
  const tooMany = avatars > MAX_AVATARS_PER_BATCH && avatars > selected.length;
  const warnings: Warning[] = [];
  if (fewPhotos) warnings.push({ key: 'photos', kind: 'warning', text: t('create.needPhotos') });
  if (selected.length === 0)
    warnings.push({ key: 'select', kind: 'info', text: t('create.selectAtLeastOne') });
  if (selected.length > STYLE_HINT) warnings.push({ key: 'over', kind: 'info', text: t('create.overHint') });
  if (tooMany)
    warnings.push({
      key: 'too-many',
      kind: 'warning',
      text: t('create.tooManyAvatars', { count: avatars, max: MAX_AVATARS_PER_BATCH }),
    });
  if (balance === null && !userLoading)
    warnings.push({ key: 'balance', kind: 'warning', text: t('create.balanceUnknown') });
  else if (short)
    warnings.push({
      key: 'tokens',
      kind: 'warning',
      text: team
        ? t('create.teamShort', { count: avatars, left: balance ?? 0 })
        : t('create.notEnoughTokens', { total, available: balance }),
    });
  return {
    total,
    avatars,
    balance,
    short,
    canCreate: selected.length > 0 && !fewPhotos && balance !== null && !short && !tooMany,
    warnings,
  };
}
