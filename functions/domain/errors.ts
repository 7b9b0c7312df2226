// Expected failures of the product, named in its own words. The HTTP edge maps each code to a status
// (functions/http/error-mapper.ts); the domain never knows about HTTP.
export type DomainErrorCode =
  | 'VALIDATION_FAILED'
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
  | 'NOT_FOUND';

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
