// The AI provider as the chaos run meets it: the fake image edits endpoint (tests/support) answering at
// its protocol edge, slowly, and failing as the real one does now and then: 5xx, 429 with Retry-After, a
// call that hangs past the adapter's timeout, and a refusal. The answers follow the run's seed.
import { type FakeImageProvider, startFakeImageProvider } from '../support/fake-image-provider.ts';
import type { Random } from './random.ts';

export interface ProviderMix {
  /** a successful answer takes this long, uniformly */
  delayMs: [number, number];
  serverError: number;
  rateLimited: number;
  /** hangs this long: longer than PROVIDER_TIMEOUT_SECONDS, so the adapter gives up */
  timeout: number;
  refusal: number;
}

export const CHAOS_PROVIDER: ProviderMix = {
  delayMs: [200, 2000],
  serverError: 0.12,
  rateLimited: 0.08,
  timeout: 0.04,
  refusal: 0.02,
};

/** The adapter's own timeout for the run (seconds): a hang lasts twice as long. */
export const PROVIDER_TIMEOUT_SECONDS = 6;

export const CHAOS_API_KEY = 'sk-chaos-provider';

export async function startFlakyProvider(random: Random, mix = CHAOS_PROVIDER): Promise<FakeImageProvider> {
  return startFakeImageProvider(CHAOS_API_KEY, {
    otherwise: () => {
      const roll = random.next();
      let edge = mix.serverError;
      if (roll < edge) return { kind: 'server-error', status: random.pick([500, 502, 503]) };
      edge += mix.rateLimited;
      if (roll < edge) return { kind: 'rate-limit', retryAfter: String(random.int(1, 2)) };
      edge += mix.timeout;
      if (roll < edge) return { kind: 'hang', ms: PROVIDER_TIMEOUT_SECONDS * 2000 };
      edge += mix.refusal;
      if (roll < edge) return { kind: 'refusal', categories: ['violence'] };
      return { kind: 'ok', delayMs: random.int(mix.delayMs[0], mix.delayMs[1]) };
    },
  });
}

/** How the provider's calls were answered, by kind. */
export function providerCounts(p: FakeImageProvider): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of p.calls) {
    const k = c.answer ?? 'refused-before-answer';
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}
