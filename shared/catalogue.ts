// The token catalogue, declared once: the pricing pages show it, the structured data
// lists it, and the billing functions charge from it. The server never trusts a price or a token count
// sent by a browser: it looks the id up here.
import type { Language } from './language.ts';

export const CURRENCY = 'EUR';

export interface TokenPack {
  id: string;
  kind: 'one-time';
  tokens: number;
  /** tax-inclusive, in euro cents */
  priceCents: number;
  /**
   * The plan's product name at the payment provider (its checkout page, receipts, invoices, billing
   * portal): the pricing page's own words, so the customer pays for what they picked there. A pack is
   * named by its tokens, as in the pack selector ("40 tokens · €9") and on the Buy button.
   */
  name: string;
}

export interface SubscriptionPlan {
  id: string;
  kind: 'subscription';
  tokens: number;
  priceCents: number;
  /** as TokenPack.name: the subscription card's title */
  name: string;
  interval: 'month';
}

export const TOKEN_PACKS: readonly TokenPack[] = [
  { id: 'pack-10', kind: 'one-time', tokens: 10, priceCents: 300, name: '10 tokens' },
  { id: 'pack-40', kind: 'one-time', tokens: 40, priceCents: 900, name: '40 tokens' },
  { id: 'pack-100', kind: 'one-time', tokens: 100, priceCents: 1900, name: '100 tokens' },
  { id: 'pack-200', kind: 'one-time', tokens: 200, priceCents: 3500, name: '200 tokens' },
  { id: 'pack-500', kind: 'one-time', tokens: 500, priceCents: 7900, name: '500 tokens' },
];

export const SUBSCRIPTION: SubscriptionPlan = {
  id: 'monthly-100',
  kind: 'subscription',
  tokens: 100,
  priceCents: 900,
  name: 'Monthly subscription',
  interval: 'month',
};

export const DEFAULT_PACK = TOKEN_PACKS[0] as TokenPack;

export const findPack = (id: string): TokenPack | undefined => TOKEN_PACKS.find((p) => p.id === id);

/** A pack or the subscription by its id; null for anything else (a browser's word for what it meant to buy). */
export const findPlan = (id: unknown): TokenPack | SubscriptionPlan | null =>
  typeof id !== 'string' ? null : id === SUBSCRIPTION.id ? SUBSCRIPTION : (findPack(id) ?? null);

/** "3 €" / "3 €" in French, "€3" in English; whole euros without decimals. */
export function formatPrice(cents: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-IE', {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Structured data lists the same prices in USD too. */
export const STRUCTURED_DATA_CURRENCIES = ['EUR', 'USD'] as const;
