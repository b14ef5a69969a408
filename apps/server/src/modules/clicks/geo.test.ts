import { describe, expect, it } from 'vitest';
import { fixtureGeoDb, writeMmdb } from '../../../test/mmdb-fixture';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledGeoDbFile, GeoLocator, loadGeoLocator } from './geo';

describe('GeoLocator on a MaxMind-format City database', () => {
  const geo = new GeoLocator(fixtureGeoDb());

  it('finds country, region and city of IPv4 and IPv6 addresses', () => {
    expect(geo.locate('81.0.200.7')).toEqual({ country: 'DE', region: 'BE', city: 'Berlin' });
    expect(geo.locate('82.1.2.99')).toEqual({ country: 'FR', region: 'IDF', city: 'Paris' });
    expect(geo.locate('83.5.5.5')).toEqual({ country: 'JP', region: null, city: null });
    expect(geo.locate('2a01:4f8:1:2::3')).toEqual({ country: 'DE', region: 'BY', city: 'Munich' });
    expect(geo.locate('2400:cb00:9::1')).toEqual({ country: 'US', region: null, city: null });
    // An IPv4-mapped IPv6 address is its IPv4 address.
    expect(geo.locate('::ffff:81.0.1.1').country).toBe('DE');
  });

  it('tells nothing of private, loopback, unlisted and malformed addresses', () => {
    const unknown = { country: null, region: null, city: null };
    for (const ip of [
      '10.1.2.3',
      '192.168.0.1',
      '127.0.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '83.5.5.6',
      '9.9.9.9',
      '2001:db8::1',
      'unknown',
      '',
    ])
      expect(geo.locate(ip), ip).toEqual(unknown);
  });

  it('answers the same from its network cache as from the tree', () => {
    // A /32 inside a /24-cached neighbourhood must not take its neighbours' answer.
    expect(geo.locate('83.5.5.4').country).toBeNull();
    expect(geo.locate('83.5.5.5').country).toBe('JP');
    expect(geo.locate('83.5.5.6').country).toBeNull();
    for (let i = 0; i < 3; i++) expect(geo.locate(`81.0.3.${i}`).country).toBe('DE');
  });

  it("gives a cached network's answer only to addresses written as that network", () => {
    const warm = new GeoLocator(fixtureGeoDb());
    expect(warm.locate('81.0.200.7').country).toBe('DE');
    // Written otherwise (leading zeros, IPv4-mapped, other digits), an address is parsed first.
    for (const ip of ['81.0.200.07', '081.0.200.7', '::ffff:81.0.200.8', '81.0.2000.7'])
      expect(warm.locate(ip), ip).toEqual(new GeoLocator(fixtureGeoDb()).locate(ip));
    expect(warm.locate('81.0.200.250').country).toBe('DE');
  });

  it('reads the ip-location-db record shape (country_code only)', () => {
    const g = new GeoLocator(
      writeMmdb({ '5.6.0.0/16': { country_code: 'se' } }, 'geo-whois-asn-country'),
    );
    expect(g.locate('5.6.7.8')).toEqual({ country: 'SE', region: null, city: null });
    expect(g.databaseType).toBe('geo-whois-asn-country');
  });
});

describe('the bundled country database', () => {
  it('resolves long-stable public addresses to some country', () => {
    const geo = GeoLocator.fromFile(bundledGeoDbFile());
    // Root name servers and well-known public resolvers, IPv4 and IPv6.
    for (const ip of [
      '198.41.0.4',
      '199.7.83.42',
      '193.0.14.129',
      '8.8.8.8',
      '2001:500:2f::f',
      '2001:7fe::53',
    ]) {
      const { country, region, city } = geo.locate(ip);
      expect(country, ip).toMatch(/^[A-Z]{2}$/);
      expect([region, city], ip).toEqual([null, null]);
    }
  });
});

describe('loadGeoLocator', () => {
  it('refuses a file that is no MaxMind-format database, naming the setting', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mailtokit-geo-'));
    try {
      const bad = path.join(dir, 'not-a-db.mmdb');
      writeFileSync(bad, 'hello');
      expect(() => loadGeoLocator(bad)).toThrow(/GEOIP_DB_FILE .*not-a-db\.mmdb/);
      expect(() => loadGeoLocator(path.join(dir, 'missing.mmdb'))).toThrow(/GEOIP_DB_FILE/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
