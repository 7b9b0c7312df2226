// Turns what the OpenAI SDK throws into the port's failures (domain/generation/provider-errors.ts).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  type ProviderError,
  ProviderPermanentError,
  ProviderRateLimitedError,
  ProviderRefusalError,
  ProviderTransientError,
} from '../domain/provider-errors.ts';

/** Codes the images API sends when its safety system refuses the input or the result. */
const REFUSAL_CODES = new Set(['moderation_blocked', 'content_policy_violation']);
/** Seconds to wait on a 429 that says nothing about when to come back. */
const DEFAULT_RETRY_AFTER = 10;

/** '1m30s', '12s', '150ms', '0.5s' (the x-ratelimit-reset-* headers) in seconds; null if unreadable. */
function parseDuration(text: string): number | null {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== text.trim()) return null;
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2] as keyof typeof unit], 0);
}

/** When the provider asks us to come back, in seconds, from its headers. */
function retryAfterSeconds(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const after = headers.get('retry-after');
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after.trim())) return Number(after);
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, (at - now) / 1000);
  }
  const reset = headers.get('x-ratelimit-reset-requests') ?? headers.get('x-ratelimit-reset-tokens');
  return reset ? parseDuration(reset) : null;
}

interface ErrorBody {
  message?: string;
  code?: string | null;
  type?: string;
  moderation_details?: { categories?: unknown };
}

export function providerFailure(e: unknown): ProviderError | null {
  if (e instanceof APIConnectionTimeoutError) {
    return new ProviderTransientError('The provider did not answer in time', { cause: e });
  }
  if (e instanceof APIUserAbortError) {
    return new ProviderTransientError('The provider call was cancelled', { cause: e });
  }
  if (e instanceof APIConnectionError) {
    return new ProviderTransientError(`Could not reach the provider: ${e.message}`, { cause: e });
  }
  if (!(e instanceof APIError)) return null;
  const body = (e.error ?? {}) as ErrorBody;
  const code = e.code ?? body.code ?? null;
  const status = e.status ?? null;
  const message = body.message ?? e.message;
  if (status === 400 && code && REFUSAL_CODES.has(code)) {
    const categories = Array.isArray(body.moderation_details?.categories)
      ? body.moderation_details.categories.map(String)
      : [];
    return new ProviderRefusalError(message, categories, { providerCode: code, status });
  }
  if (status === 429) {
    // No credit left is not a reason to wait: the operator has to act.
    if (code === 'insufficient_quota')
      return new ProviderPermanentError(message, { providerCode: code, status });
    return new ProviderRateLimitedError(message, retryAfterSeconds(e.headers) ?? DEFAULT_RETRY_AFTER, {
      providerCode: code,
    });
  }
  if (status === 408 || status === 409 || (status !== null && status >= 500)) {
    return new ProviderTransientError(message, { providerCode: code, status, cause: e });
  }
  return new ProviderPermanentError(message, { providerCode: code, status, cause: e });
}
