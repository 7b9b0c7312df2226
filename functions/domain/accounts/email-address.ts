import { parseEmailAddress } from '../../../shared/email-address.ts';
import { DomainError } from '../errors.ts';

/** The stored form of an address (so that one person never gets two accounts). Throws INVALID_EMAIL. */
export function normaliseEmail(raw: string): string {
  const email = parseEmailAddress(raw);
  if (!email) throw new DomainError('INVALID_EMAIL', 'Please provide a valid email address.');
  return email;
}
