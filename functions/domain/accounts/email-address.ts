import { DomainError } from '../errors.ts';

// Pragmatic check: one @, a dot in the domain, no spaces. Full RFC 5322 is not what users type.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims and lower-cases, so that one person never gets two accounts. Throws INVALID_EMAIL. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw new DomainError('INVALID_EMAIL', 'Please provide a valid email address.');
  }
  return email;
}
