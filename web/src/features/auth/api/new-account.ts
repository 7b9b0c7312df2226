import { api } from '../../../lib/api-client.ts';

/**
 * The signup bonus of an account that has only just started (its token history is the signup bonus and
 * nothing else), or null for an account already in use.
 */
export async function newAccountBonus(): Promise<number | null> {
  const { entries } = await api('tokenLedger');
  if (!entries.every((e) => e.reason === 'signup_bonus')) return null;
  return entries.reduce((sum, e) => sum + e.amount, 0);
}
