// What stands between the selection and Create Avatars (spec section 5): no style, fewer than 2 photos,
// a balance below the total, or no user to check it against. The server checks the same things again.

import type { Style, UserInfo } from '../../../../shared/api-schemas.ts';
import { PHOTO_LIMITS } from '../../../../shared/photo-rules.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { tokenBalance } from '../../lib/session.tsx';

/** The hint's number (spec section 9): shown, not enforced. */
export const STYLE_HINT = 10;

export interface Warning {
  key: string;
  kind: 'warning' | 'info';
  text: string;
}

export interface Readiness {
  total: number;
  balance: number | null;
  short: boolean;
  canCreate: boolean;
  warnings: Warning[];
}

export function readinessOf(
  selected: Style[],
  user: UserInfo | null,
  userLoading: boolean,
  photoCount: number | 'loading' | 'unknown',
  t: TFunction,
): Readiness {
  const total = selected.reduce((sum, s) => sum + s.token_cost, 0);
  const balance = user ? tokenBalance(user) : null;
  const short = balance !== null && balance < total;
  const fewPhotos = typeof photoCount === 'number' && photoCount < PHOTO_LIMITS.neededForAvatars;
  const warnings: Warning[] = [];
  if (fewPhotos) warnings.push({ key: 'photos', kind: 'warning', text: t('create.needPhotos') });
  if (selected.length === 0)
    warnings.push({ key: 'select', kind: 'info', text: t('create.selectAtLeastOne') });
  if (selected.length > STYLE_HINT) warnings.push({ key: 'over', kind: 'info', text: t('create.overHint') });
  if (balance === null && !userLoading)
    warnings.push({ key: 'balance', kind: 'warning', text: t('create.balanceUnknown') });
  else if (short)
    warnings.push({
      key: 'tokens',
      kind: 'warning',
      text: t('create.notEnoughTokens', { total, available: balance }),
    });
  return {
    total,
    balance,
    short,
    canCreate: selected.length > 0 && !fewPhotos && balance !== null && !short,
    warnings,
  };
}
