import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts every address of one IPv6 /64 as one client, whatever its spelling', () => {
    const keys = new Set(
      [
        '2001:db8:1:2::1',
        '2001:db8:1:2:ffff:ffff:ffff:ffff',
        '2001:0DB8:0001:0002:0:0:0:abcd',
        '2001:db8:1:2:a:b:c:d',
      ].map(clientKey),
    );
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
  });

  it('tells apart two /64 networks next to each other', () => {
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });

  it('never throws: loopback, a zone index, text that is no address, none at all', () => {
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('not an address')).toBe('not an address');
    expect(clientKey('')).toBe('unknown');
    expect(clientKey(undefined)).toBe('unknown');
  });
});
