import { DomainError } from '#platform/domain/errors.ts';
import { parseEmailAddress } from '#shared/email-address.ts';

/** The stored form of an address (so that one person never gets two accounts). Throws INVALID_EMAIL. */
export function normaliseEmail(raw: string): string {
  const email = parseEmailAddress(raw);
  if (!email) throw new DomainError('INVALID_EMAIL', 'Please provide a valid email address.');
  return email;
}

/**
 * An address shown to whoever holds a link to it, before they prove anything: its first character and its
 * domain (j•••@example.com), enough for its owner to recognise, little for anyone else.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return `${Array.from(local)[0] ?? ''}•••${domain}`;
}
