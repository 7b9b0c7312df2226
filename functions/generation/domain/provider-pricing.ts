// What a generation costs us, and what a token brings in: the figures behind each style's token_cost
// (docs/generation.md, "Unit economics"). Costs are in US dollars, as the provider bills.

import type { ImageQuality, InputFidelity } from '../../styles/public.ts';
import type { ImageSize, ProviderUsage } from './image-provider.ts';

/** US dollars per million tokens, as the provider lists them. */
interface TokenPrices {
  textInput: number;
  imageInput: number;
  imageOutput: number;
}

const MODEL_PRICES: Readonly<Record<string, TokenPrices>> = {
  'gpt-image-1.5': { textInput: 5, imageInput: 8, imageOutput: 32 },
  'gpt-image-1': { textInput: 5, imageInput: 10, imageOutput: 40 },
  'gpt-image-1-mini': { textInput: 2, imageInput: 2.5, imageOutput: 8 },
};

/** Image tokens the provider bills for one output image. */
export const OUTPUT_TOKENS: Readonly<Record<ImageQuality, Record<ImageSize, number>>> = {
  low: { '1024x1024': 272, '1024x1536': 408 },
  medium: { '1024x1024': 1056, '1024x1536': 1584 },
  high: { '1024x1024': 4160, '1024x1536': 6240 },
};

/**
 * Input image tokens per reference photo: an estimate on the high side for budgeting (the worker logs the
 * real figure from each answer's usage). High fidelity adds about 3,000 tokens per image.
 */
export const REFERENCE_TOKENS: Readonly<Record<InputFidelity, number>> = { low: 800, high: 3800 };
/** A style prompt of up to about 1,500 characters. */
const PROMPT_TOKENS = 400;

/** The cost of one call from the usage the provider reported; null for a model without known prices. */
export function costOfUsage(model: string, usage: ProviderUsage): number | null {
  const p = MODEL_PRICES[model];
  if (!p) return null;
  return (
    (usage.inputTextTokens * p.textInput +
      usage.inputImageTokens * p.imageInput +
      usage.outputTokens * p.imageOutput) /
    1_000_000
  );
}

interface GenerationSettings {
  size: ImageSize;
  quality: ImageQuality;
  referenceCount: number;
  inputFidelity: InputFidelity;
}

/** The expected cost of one avatar with these settings; null for a model without known prices. */
export function estimateCost(model: string, s: GenerationSettings): number | null {
  return costOfUsage(model, {
    inputTextTokens: PROMPT_TOKENS,
    inputImageTokens: s.referenceCount * REFERENCE_TOKENS[s.inputFidelity],
    inputTokens: 0,
    outputTokens: OUTPUT_TOKENS[s.quality][s.size],
    totalTokens: 0,
  });
}

/**
 * What one token brings in at the cheapest way to buy it (the subscription, 100 for 9 EUR), after French
 * VAT (prices are tax-inclusive) and card fees. A euro is counted as a dollar, which understates revenue
 * while the euro is worth more than the dollar.
 */
const TOKEN_ECONOMICS = {
  cheapestTokenEur: 0.09,
  vatRate: 0.2,
  paymentFeeShare: 0.05,
  usdPerEur: 1,
  /** at most this share of a token's net revenue goes to the provider; the rest pays AWS and the business */
  providerShareCap: 0.8,
} as const;

export const netRevenuePerTokenUsd = (e = TOKEN_ECONOMICS): number =>
  (e.cheapestTokenEur / (1 + e.vatRate)) * (1 - e.paymentFeeShare) * e.usdPerEur;

/** The smallest token_cost at which a style with these settings stays profitable; null if unknown. */
export function minimumTokenCost(model: string, s: GenerationSettings, e = TOKEN_ECONOMICS): number | null {
  const cost = estimateCost(model, s);
  if (cost === null) return null;
  return Math.max(1, Math.ceil(cost / (netRevenuePerTokenUsd(e) * e.providerShareCap)));
}
