// Expected failures of the product, named in its own words. The HTTP edge maps each code to a status
// (functions/platform/http/error-mapper.ts); the domain never knows about HTTP.
export type DomainErrorCode =
  | 'VALIDATION_FAILED'
  | 'ARCHIVE_TOO_LARGE'
  | 'INVALID_EMAIL'
  | 'TERMS_NOT_ACCEPTED'
  | 'EMAIL_TAKEN'
  | 'UNKNOWN_LOGIN_EMAIL'
  | 'ACCOUNT_NOT_FOUND'
  | 'WRONG_PASSWORD'
  | 'PASSWORD_NOT_SET'
  | 'ACCOUNT_NOT_ACTIVATED'
  | 'INVALID_LOGIN_LINK'
  | 'UNAUTHENTICATED'
  | 'SESSION_REVOKED'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'WEAK_PASSWORD'
  | 'CURRENT_PASSWORD_WRONG'
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_TOO_LONG'
  | 'PASSWORD_IS_EMAIL'
  | 'PASSWORD_TOO_COMMON'
  | 'NOT_FOUND'
  | 'GOOGLE_SIGN_IN_UNAVAILABLE'
  | 'UNKNOWN_PRICE'
  | 'TOKENS_MISMATCH'
  | 'SUBSCRIPTION_EXISTS'
  | 'NO_BILLING_ACCOUNT'
  | 'INVALID_SIGNATURE'
  | 'CONSENT_REQUIRED'
  | 'PHOTO_LIMIT_REACHED'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_ENOUGH_TOKENS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'TASK_NOT_FINISHED'
  | 'AVATAR_NOT_WITHHELD'
  | 'EDIT_LIMIT_REACHED'
  | 'PRICE_CHANGED'
  | 'IMPORT_IN_PROGRESS'
  | 'INVALID_DELETION_LINK'
  | 'FACE_CHECK_UNAVAILABLE'
  // Capture links (shared/capture-rules.ts CAPTURE_ERRORS: statuses and words)
  | 'CAPTURE_LINK_NOT_FOUND'
  | 'CAPTURE_LINK_EXPIRED'
  | 'CAPTURE_LINK_ENDED'
  | 'CAPTURE_LINK_IN_USE'
  // Teams (docs/product.md, "Teams"; words in shared/team-rules.ts)
  | 'NO_SEAT'
  | 'NOT_ENOUGH_SEATS_TO_INVITE'
  | 'TEAM_EMAIL_LIMIT'
  | 'RECENTLY_EMAILED'
  | 'LINK_CAP_REACHED'
  | 'ALREADY_IN_TEAM'
  | 'MAILBOX_HAS_SEAT'
  | 'DOMAIN_NOT_ALLOWED'
  | 'LINK_REVOKED'
  | 'LINK_EXPIRED'
  | 'EMAIL_NOT_VERIFIED'
  | 'NOT_ALLOWED_BY_TEAM'
  | 'TEAM_ALLOWANCE_USED'
  | 'ALREADY_REMINDED'
  | 'RETRY_CAP_REACHED'
  | 'ALREADY_SEATED';

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  constructor(code: DomainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
  }
}

/**
 * RATE_LIMITED, with when to try again (the Retry-After header); a team's email limits say which one with
 * a code of their own (429 too).
 */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(
    message: string,
    retryAfterSeconds: number,
    code: 'RATE_LIMITED' | 'TEAM_EMAIL_LIMIT' | 'RECENTLY_EMAILED' = 'RATE_LIMITED',
  ) {
    super(code, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** NOT_ENOUGH_SEATS_TO_INVITE, with how many people the team may still invite now (shown in the page). */
export class InviteRoomError extends DomainError {
  readonly canInvite: number;
  constructor(message: string, canInvite: number) {
    super('NOT_ENOUGH_SEATS_TO_INVITE', message);
    this.canInvite = canInvite;
  }
}

/** SUBSCRIPTION_EXISTS, with where the subscriber manages the one they have (the billing dashboard). */
export class SubscriptionExistsError extends DomainError {
  readonly dashboardUrl: string;
  constructor(message: string, dashboardUrl: string) {
    super('SUBSCRIPTION_EXISTS', message);
    this.dashboardUrl = dashboardUrl;
  }
}

/**
 * NOT_ENOUGH_TOKENS: the Create screen shows `msg` followed by '. Please deselect some styles or purchase more
 * tokens.' when `error` is 'Not enough tokens'; the numbers come along for the screen.
 */
export class NotEnoughTokensError extends DomainError {
  readonly needed: number;
  readonly available: number;
  constructor(needed: number, available: number) {
    super('NOT_ENOUGH_TOKENS', `Not enough tokens: you need ${needed} but only have ${available} available`);
    this.needed = needed;
    this.available = available;
  }
}
