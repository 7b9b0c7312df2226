// What the product accepts as an email address, in one place for the functions and the SPA.
// Only a plain `local@domain`: an RFC 5321 dot-atom local part in ASCII (no display names, brackets,
// quoted strings, comments, invisible characters or look-alike letters from other scripts), and a domain
// of letters, digits and hyphens in any script, stored as punycode. No relay or source-route form either:
// `a%evil.test@acme.test` (the "percent hack") and `evil.test!a@acme.test` (a bang path) may be delivered to
// another host by a relaying server, so an address with `%` or `!` could pass for one of a team's domain
// (docs/product.md, "Teams") while reading mail elsewhere; quoted local parts, a second `@`, source routes
// (`@a,@b:x@c`) and `[ip]` domains are refused by the shapes below.

/** atext of RFC 5322 section 3.2.3, which RFC 5321's dot-string uses, less the relay characters % and !. */
const ATOM = "[A-Za-z0-9#$&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
/** Letters, marks and digits of any script, hyphens and dots: what an IDN domain is typed with. */
const DOMAIN_AS_TYPED = /^[\p{L}\p{M}\p{N}.-]+$/u;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

/** IDNA (UTS 46) through the URL parser, which every browser and Node have. */
function domainToAscii(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * The address in its stored form (lower case, punycode domain), or null when it is not a plain address.
 * Spaces around it are forgiven (people paste); anything else unusual refuses the whole address.
 */
export function parseEmailAddress(raw: string): string | null {
  const input = raw.trim();
  const at = input.lastIndexOf('@');
  if (at <= 0 || at === input.length - 1) return null;
  const local = input.slice(0, at);
  const typedDomain = input.slice(at + 1);
  if (local.length > LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return null;
  if (!DOMAIN_AS_TYPED.test(typedDomain)) return null;
  const domain = domainToAscii(typedDomain);
  if (!domain || domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l))) return null;
  if (!TOP_LEVEL.test(labels.at(-1) as string)) return null;
  const address = `${local.toLowerCase()}@${domain}`;
  return address.length > EMAIL_MAX_LENGTH ? null : address;
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as it can be told from outside: sub-addresses (`+tag`) go to
 * the same mailbox everywhere, and Gmail ignores dots. One signup bonus per mailbox.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
