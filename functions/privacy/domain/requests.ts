// Request rules of the privacy routes: which confirmation a deletion came with, and how often the
// costly or mail-sending requests may be made.

import { DomainError, RateLimitedError } from '#platform/domain/errors.ts';
import type { RateLimiter } from '#platform/domain/ports.ts';
import type { DeleteAccountRequest } from '#shared/api-schemas.ts';
import type { DeletionConfirmation } from './account-deletion.ts';

export const PRIVACY_LIMITS = {
  /** each one sends an email */
  'deletion-link': { limit: 5, windowSeconds: 3600 },
  /** each one reads every photo and avatar and writes a ZIP */
  export: { limit: 3, windowSeconds: 86_400 },
} as const;

export function confirmationOf(body: DeleteAccountRequest): DeletionConfirmation {
  if (body.password !== undefined && body.code === undefined) return { password: body.password };
  if (body.code !== undefined && body.password === undefined) return { code: body.code };
  throw new DomainError(
    'VALIDATION_FAILED',
    'Confirm the deletion with your password or with the link we email you.',
  );
}

export async function limitPrivacyRequest(
  deps: { limiter: RateLimiter },
  action: keyof typeof PRIVACY_LIMITS,
  userId: string,
): Promise<void> {
  const rule = PRIVACY_LIMITS[action];
  const verdict = await deps.limiter.hit(`${action}:user`, userId, rule.limit, rule.windowSeconds, {
    userId,
  });
  if (!verdict.allowed) {
    throw new RateLimitedError('Too many requests. Please try again later.', verdict.retryAfterSeconds);
  }
}
