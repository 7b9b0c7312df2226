// The one rule of what an email address may be (shared/email-address.ts), as sign-up, invitations, Google
// sign-in and a team's domain check read it: no relay or source-route form, which a relaying server may
// deliver to another host than the domain after the last `@` (docs/product.md, "Teams").
import { describe, expect, it } from 'vitest';
import { parseEmailAddress } from '#shared/email-address.ts';
import { normaliseEmail } from '../../functions/accounts/domain/email-address.ts';
import { emailDomainAllowed } from '../../functions/teams/domain/domains.ts';

const RELAY_FORMS = [
  ['the percent hack', 'a%evil.test@acme.test'],
  ['a bang path', 'evil.test!a@acme.test'],
  ['a second @', 'a@evil.test@acme.test'],
  ['a quoted local part', '"a@evil.test"@acme.test'],
  ['a quoted local part with a space', '"a b"@acme.test'],
  ['a source route', '@evil.test:a@acme.test'],
  ['a source route of two hops', '@evil.test,@relay.test:a@acme.test'],
  ['an IPv4 literal domain', 'a@[192.0.2.1]'],
  ['an IPv6 literal domain', 'a@[IPv6:2001:db8::1]'],
  ['a display name', 'A <a@acme.test>'],
  ['a comment', 'a(evil.test)@acme.test'],
] as const;

describe('relay and source-route forms of an address', () => {
  it.each(RELAY_FORMS)('%s is not an address: sign-up says the invalid-email message', (_what, address) => {
    expect(parseEmailAddress(address)).toBeNull();
    expect(() => normaliseEmail(address)).toThrow('Please provide a valid email address.');
  });

  it.each(RELAY_FORMS)('%s is of no team domain', (_what, address) => {
    expect(emailDomainAllowed(address, ['acme.test'])).toBe(false);
  });

  it('plain addresses, sub-addresses and the other atext characters stay accepted', () => {
    for (const ok of ['ada@acme.test', 'ada+cv@acme.test', "o'brien@acme.test", 'a.b-c_d=e@acme.test'])
      expect(parseEmailAddress(ok), ok).toBe(ok);
  });
});
