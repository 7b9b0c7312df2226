// Which addresses a team's open link admits (functions/teams/domain/domains.ts): exactly an allowed domain,
// compared in ASCII and without case; subdomains, longer names, a trailing dot and look-alike letters from
// other scripts are other domains.
import { describe, expect, it } from 'vitest';
import { emailDomainAllowed, normaliseDomain } from '../../functions/teams/domain/domains.ts';

describe('an allowed domain as typed', () => {
  it.each([
    ['acme.test', 'acme.test'],
    ['ACME.Test', 'acme.test'],
    ['  acme.test ', 'acme.test'],
    ['mail.acme.test', 'mail.acme.test'],
    // An IDN the company owns is kept in its ASCII form.
    ['bücher.example', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('%s is kept as %s', (typed, kept) => {
    expect(normaliseDomain(typed)).toBe(kept);
  });

  it.each([
    'acme.test.',
    'acme',
    '*.acme.test',
    'acme.test/path',
    'acme.test:443',
    'user@acme.test',
    '192.168.0.1',
    '-acme.test',
    'acme..test',
    '',
  ])('%s is refused', (typed) => {
    expect(normaliseDomain(typed)).toBeNull();
  });
});

describe('an address on a link for acme.test', () => {
  const allowed = ['acme.test'];
  it.each([
    ['ana@acme.test', true],
    ['Ana@ACME.TEST', true],
    ['ana+team@acme.test', true],
    ['ana@acme.test.evil.example', false],
    ['ana@evilacme.test', false],
    ['ana@acme.test.', false],
    ['ana@mail.acme.test', false],
    ['ana@acme.tes', false],
    // A Cyrillic "а" (U+0430) and a Greek "ο" (U+03BF): other domains once in ASCII.
    ['ana@\u0430cme.test', false],
    ['ana@acme.t\u0435st', false],
    ['ana@xn--cme-8cd.test', false],
    ['not-an-address', false],
  ])('%s: %s', (email, admitted) => {
    expect(emailDomainAllowed(email, allowed)).toBe(admitted);
  });

  it('an IDN domain admits the same name typed in Unicode or in punycode, and not a look-alike', () => {
    const idn = [normaliseDomain('bücher.example') as string];
    expect(emailDomainAllowed('ana@bücher.example', idn)).toBe(true);
    expect(emailDomainAllowed('ana@xn--bcher-kva.example', idn)).toBe(true);
    expect(emailDomainAllowed('ana@bucher.example', idn)).toBe(false);
  });
});
