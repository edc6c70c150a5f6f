import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('the key of a client address', () => {
  it('is an IPv4 address as it is, however it is written', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, written one way', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('keeps anything else as it came', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
  });
});
