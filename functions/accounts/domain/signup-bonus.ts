// The signup bonus: credited when an account becomes active, once per mailbox. Every way an account
// becomes active (an activation link, a Google sign-in) goes through here.

import type { Ids } from '#platform/domain/ports.ts';
import { mailboxOf } from '#shared/email-address.ts';
import type { Activation, RedeemResult } from './ports.ts';

export const SIGNUP_BONUS_TOKENS = 2;

/**
 * Runs a write that activates the account of `email` with the bonus. When that mailbox (its `+tag` and
 * Gmail-dot variants included) already had it, the store writes nothing and the same write runs again with
 * 0 tokens, whose ledger entry says why. Also says which bonus was credited.
 */
export async function withSignupBonus(
  ids: Ids,
  email: string,
  write: (activation: Activation) => Promise<RedeemResult>,
): Promise<{ result: RedeemResult; bonusTokens: number }> {
  const activation = (bonusTokens: number): Activation => ({
    mailbox: mailboxOf(email),
    bonusTokens,
    ledgerEntryId: ids.newId(),
  });
  const result = await write(activation(SIGNUP_BONUS_TOKENS));
  if (result.outcome !== 'bonus-already-claimed') return { result, bonusTokens: SIGNUP_BONUS_TOKENS };
  return { result: await write(activation(0)), bonusTokens: 0 };
}
