// The one place that turns errors into responses.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ErrorBody } from '#shared/api-schemas.ts';
import { CAPTURE_ERRORS } from '#shared/capture-rules.ts';
import {
  type DomainErrorCode,
  InviteRoomError,
  isDomainError,
  NotEnoughTokensError,
  RateLimitedError,
  SubscriptionExistsError,
} from '../domain/errors.ts';
import { logger } from '../observability/logger.ts';

const STATUS: Record<DomainErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_EMAIL: 400,
  TERMS_NOT_ACCEPTED: 400,
  WEAK_PASSWORD: 400,
  CURRENT_PASSWORD_WRONG: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  PASSWORD_IS_EMAIL: 400,
  PASSWORD_TOO_COMMON: 400,
  UNKNOWN_LOGIN_EMAIL: 401,
  WRONG_PASSWORD: 401,
  PASSWORD_NOT_SET: 401,
  INVALID_LOGIN_LINK: 401,
  UNAUTHENTICATED: 401,
  SESSION_REVOKED: 401,
  ACCOUNT_NOT_ACTIVATED: 403,
  FORBIDDEN: 403,
  ACCOUNT_NOT_FOUND: 404,
  NOT_FOUND: 404,
  CONSENT_REQUIRED: 403,
  PHOTO_LIMIT_REACHED: 409,
  EMAIL_TAKEN: 409,
  RATE_LIMITED: 429,
  GOOGLE_SIGN_IN_UNAVAILABLE: 503,
  FACE_CHECK_UNAVAILABLE: 503,
  UNKNOWN_PRICE: 400,
  TOKENS_MISMATCH: 400,
  INVALID_SIGNATURE: 400,
  NO_BILLING_ACCOUNT: 404,
  SUBSCRIPTION_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  ARCHIVE_TOO_LARGE: 413,
  NOT_ENOUGH_TOKENS: 403,
  IDEMPOTENCY_KEY_REUSED: 409,
  TASK_NOT_FINISHED: 409,
  AVATAR_NOT_WITHHELD: 409,
  EDIT_LIMIT_REACHED: 409,
  PRICE_CHANGED: 409,
  IMPORT_IN_PROGRESS: 409,
  INVALID_DELETION_LINK: 400,
  NO_SEAT: 409,
  NOT_ENOUGH_SEATS_TO_INVITE: 409,
  TEAM_EMAIL_LIMIT: 429,
  RECENTLY_EMAILED: 429,
  LINK_CAP_REACHED: 409,
  ALREADY_IN_TEAM: 409,
  MAILBOX_HAS_SEAT: 409,
  DOMAIN_NOT_ALLOWED: 403,
  LINK_REVOKED: 403,
  LINK_EXPIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_ALLOWED_BY_TEAM: 403,
  TEAM_ALLOWANCE_USED: 403,
  ALREADY_REMINDED: 409,
  RETRY_CAP_REACHED: 409,
  ALREADY_SEATED: 409,
  CAPTURE_LINK_NOT_FOUND: CAPTURE_ERRORS.CAPTURE_LINK_NOT_FOUND.status,
  CAPTURE_LINK_EXPIRED: CAPTURE_ERRORS.CAPTURE_LINK_EXPIRED.status,
  CAPTURE_LINK_ENDED: CAPTURE_ERRORS.CAPTURE_LINK_ENDED.status,
  CAPTURE_LINK_IN_USE: CAPTURE_ERRORS.CAPTURE_LINK_IN_USE.status,
};

/** A problem with the request itself (malformed JSON, wrong shape): always safe to show. */
export class RequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function jsonResponse(status: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return { statusCode: status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

export function errorResponse(error: unknown, correlationId: string): APIGatewayProxyStructuredResultV2 {
  if (isDomainError(error)) {
    // Errors carry `msg` or `error` (the upload call reads `error`); both say the same.
    const body: ErrorBody = { msg: error.message, code: error.code, error: error.message };
    if (error instanceof SubscriptionExistsError) body.dashboard_url = error.dashboardUrl;
    if (error instanceof NotEnoughTokensError) {
      body.error = 'Not enough tokens';
      body.needed = error.needed;
      body.available = error.available;
    }
    if (error instanceof RateLimitedError) body.retry_after = error.retryAfterSeconds;
    if (error instanceof InviteRoomError) body.can_invite = error.canInvite;
    const response = jsonResponse(STATUS[error.code], body);
    // A dependency of ours failed (the identity provider): the operator needs to know why.
    if (STATUS[error.code] >= 500) {
      logger().error(error.message, { code: error.code, cause: error.cause });
    }
    if (error instanceof RateLimitedError) {
      response.headers = { ...response.headers, 'retry-after': String(error.retryAfterSeconds) };
    }
    return response;
  }
  if (error instanceof RequestError) {
    const body: ErrorBody = { msg: error.message, code: error.code, error: error.message };
    return jsonResponse(error.status, body);
  }
  // Anything else is ours to fix: log it in full, tell the caller only the reference.
  logger().error('unhandled error', { error });
  const body: ErrorBody = { msg: 'Server error', code: 'SERVER_ERROR', correlation_id: correlationId };
  return jsonResponse(500, body);
}
