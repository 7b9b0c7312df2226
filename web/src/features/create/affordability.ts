// What the balance can buy of one style: how many avatars of it, or how many tokens are
// missing and the smallest pack that covers them. The pack is only named here; the server prices it.
import { TOKEN_PACKS, type TokenPack } from '#shared/catalogue.ts';

type Affordability =
  | { kind: 'unknown' }
  | { kind: 'enough'; avatars: number }
  | { kind: 'short'; missing: number; pack: TokenPack };

/** The smallest pack with at least `missing` tokens (the largest one past that). */
const packCovering = (missing: number): TokenPack =>
  TOKEN_PACKS.find((p) => p.tokens >= missing) ?? (TOKEN_PACKS[TOKEN_PACKS.length - 1] as TokenPack);

export function affordabilityOf(cost: number, balance: number | null): Affordability {
  if (balance === null) return { kind: 'unknown' };
  if (balance >= cost) return { kind: 'enough', avatars: Math.floor(balance / Math.max(cost, 1)) };
  const missing = cost - balance;
  return { kind: 'short', missing, pack: packCovering(missing) };
}
