// How a provider call can fail, in the worker's terms: what to do next follows from the kind.
//   refusal       the provider's content policy refused the photos or the result: fail the task, refund.
//   rate-limited  try again after `retryAfterSeconds` (the worker hides the message that long).
//   transient     a timeout, a 5xx, a broken connection: let the queue deliver the task again.
//   permanent     our request or account is wrong (bad key, no credit, invalid input): fail and refund.

type ProviderFailureKind = 'refusal' | 'rate-limited' | 'transient' | 'permanent';

export class ProviderError extends Error {
  readonly kind: ProviderFailureKind;
  /** the provider's own error code, when it sent one (`moderation_blocked`, `rate_limit_exceeded`...) */
  readonly providerCode: string | null;
  /** the HTTP status, when there was an answer */
  readonly status: number | null;
  constructor(
    kind: ProviderFailureKind,
    message: string,
    details: { providerCode?: string | null; status?: number | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.providerCode = details.providerCode ?? null;
    this.status = details.status ?? null;
  }

  /** Whether the same request may succeed later. */
  get retryable(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'transient';
  }
}

export class ProviderRefusalError extends ProviderError {
  /** what the provider said was wrong ('sexual', 'violence'...), when it said */
  readonly categories: string[];
  constructor(
    message: string,
    categories: string[],
    details: { providerCode?: string | null; status?: number } = {},
  ) {
    super('refusal', message, details);
    this.name = 'ProviderRefusalError';
    this.categories = categories;
  }
}

export class ProviderRateLimitedError extends ProviderError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, details: { providerCode?: string | null } = {}) {
    super('rate-limited', message, { ...details, status: 429 });
    this.name = 'ProviderRateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export class ProviderTransientError extends ProviderError {
  constructor(
    message: string,
    details: { providerCode?: string | null; status?: number | null; cause?: unknown } = {},
  ) {
    super('transient', message, details);
    this.name = 'ProviderTransientError';
  }
}

export class ProviderPermanentError extends ProviderError {
  constructor(
    message: string,
    details: { providerCode?: string | null; status?: number | null; cause?: unknown } = {},
  ) {
    super('permanent', message, details);
    this.name = 'ProviderPermanentError';
  }
}

export const isProviderError = (e: unknown): e is ProviderError => e instanceof ProviderError;
