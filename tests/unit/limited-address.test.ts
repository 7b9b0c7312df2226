// functions/platform/http/client-address.ts: what the per-address limits count. An IPv6 client picks any of its /64's
// addresses at will, so the limits count the /64; IPv4, and IPv4 written as IPv6, count the IPv4 address.
import { describe, expect, it } from 'vitest';
import { limitedAddress } from '#platform/http/client-address.ts';

describe('limitedAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const one = [
      '2001:db8:1:2::7',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0DB8:0001:0002:0:0:0:1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2::203.0.113.9',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
    ];
    expect(new Set(one.map(limitedAddress))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('counts two /64s apart, down to the last bit of the prefix', () => {
    expect(limitedAddress('2001:db8:1:2::1')).not.toBe(limitedAddress('2001:db8:1:3::1'));
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('::2001:db8:1:2:3')).toBe('0:0:0:2001::/64');
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves what is not an address as it came', () => {
    for (const v of ['unknown', '', '2001:db8::1::2', '1.2.3', 'x'.repeat(50)])
      expect(limitedAddress(v)).toBe(v);
  });
});
