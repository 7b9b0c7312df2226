// Which email addresses a team's link admits (docs/product.md, "Teams"): the address's domain must be
// exactly one of the allowed ones, compared in ASCII (IDNA, UTS 46) and without regard to case. A
// subdomain (`acme.test.evil.example`, `mail.acme.test`), a longer name (`evilacme.test`), a trailing dot
// (`acme.test.`) and a look-alike in another script (`аcme.test` with a Cyrillic а) are all other domains.
import { parseEmailAddress } from '#shared/email-address.ts';

const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** IDNA through the URL parser (every runtime has it): what a domain is on the wire. */
function toAscii(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * An allowed domain as a team admin typed it, in the form it is kept and compared in (lower case, ASCII),
 * or null when it is not a plain domain. A domain typed in another script is kept only when it is the
 * same name after IDNA (an IDN the company really owns); a trailing dot, an IP address, a port, a path or a
 * wildcard is refused.
 */
export function normaliseDomain(typed: string): string | null {
  const input = typed.trim();
  if (!input || input.endsWith('.') || /[\s/@:*?#[\]\\]/.test(input)) return null;
  const ascii = toAscii(input);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l))) return null;
  // The top level of a name is letters (or an IDN's punycode): an IPv4 address is not a company domain.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1) as string)) return null;
  return ascii;
}

/** The domain part of an account's stored address (already lower case and punycode: shared/email-address.ts). */
function domainOfEmail(email: string): string | null {
  const parsed = parseEmailAddress(email);
  if (!parsed) return null;
  return parsed.slice(parsed.lastIndexOf('@') + 1);
}

/** True when the address's domain is exactly one of `allowed` (each already normalised). */
export function emailDomainAllowed(email: string, allowed: readonly string[]): boolean {
  const domain = domainOfEmail(email);
  if (!domain) return false;
  return allowed.some((d) => d === domain);
}
