import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'maxmind';

/** Where a click came from: an ISO 3166-1 country code, and region and city when known. */
export interface ClickPlace {
  /** Two upper-case letters, or null when unknown (private, loopback, not in the database). */
  country: string | null;
  /** The first subdivision's ISO code (e.g. `BY`), only from a City database. */
  region: string | null;
  /** The city's English name, only from a City database. */
  city: string | null;
}

export const UNKNOWN_PLACE: ClickPlace = Object.freeze({ country: null, region: null, city: null });

/** Where a client address is: a database's answer, or nothing. */
export interface PlaceLocator {
  locate(ip: string): ClickPlace;
}

/** The operator turned place lookups off: every address is of an unknown place. */
export const NO_PLACES: PlaceLocator = Object.freeze({ locate: () => UNKNOWN_PLACE });

/**
 * The bundled database (`@ip-location-db/geo-whois-asn-country-mmdb`, CC0): country per network
 * from the regional registries' WHOIS and ASN data, IPv4 and IPv6 in one file.
 */
export function bundledGeoDbFile(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
}

/** Networks up to this long share one cache entry; a longer one is cached per address. */
const IPV4_CACHE_PREFIX = 24;
const IPV6_CACHE_PREFIX = 48;
/** Cached networks before the oldest are dropped (a Map keeps insertion order). */
const CACHE_MAX = 50_000;

/** The record shapes read: ip-location-db's `country_code`, MaxMind's GeoIP2/GeoLite2 maps. */
interface GeoRecord {
  country_code?: unknown;
  country?: { iso_code?: unknown };
  registered_country?: { iso_code?: unknown };
  subdivisions?: { iso_code?: unknown }[];
  city?: { names?: { en?: unknown } };
}

const COUNTRY_CODE = /^[A-Z]{2}$/;
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** An IPv4 address as four decimal octets without leading zeros (what `networkKey` writes). */
const DOTTED_QUAD = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

function textOf(v: unknown, max: number): string | null {
  return typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null;
}

function placeOf(r: GeoRecord | null): ClickPlace {
  if (!r) return UNKNOWN_PLACE;
  const code = r.country_code ?? r.country?.iso_code ?? r.registered_country?.iso_code;
  const country =
    typeof code === 'string' && COUNTRY_CODE.test(code.toUpperCase()) ? code.toUpperCase() : null;
  if (!country) return UNKNOWN_PLACE;
  return {
    country,
    region: textOf(r.subdivisions?.[0]?.iso_code, 8),
    city: textOf(r.city?.names?.en, 100),
  };
}

/**
 * Finds the place of a client address in a MaxMind-format database held in memory, offline.
 * Only public unicast addresses are looked up; the answer is cached by network: every address
 * of a network of /24 (IPv4) or /48 (IPv6) or wider shares one entry, so a busy network costs
 * one tree walk. Nothing here keeps an address beyond the cache's network keys.
 */
export class GeoLocator implements PlaceLocator {
  private readonly reader: Reader<Response>;
  private readonly cache = new Map<string, ClickPlace>();

  constructor(database: Buffer) {
    this.reader = new Reader<Response>(database);
  }

  static fromFile(file: string): GeoLocator {
    return new GeoLocator(readFileSync(file));
  }

  /** The database's type from its metadata (e.g. `GeoLite2-City`). */
  get databaseType(): string {
    return this.reader.metadata.databaseType;
  }

  locate(ip: string): ClickPlace {
    // A dotted-quad IPv4 address reaches its network's entry without being parsed: every
    // special-purpose IPv4 range is /24-aligned or wider, so a cached /24 is all unicast.
    if (DOTTED_QUAD.test(ip)) {
      const hit = this.cache.get(`${ip.slice(0, ip.lastIndexOf('.'))}/${IPV4_CACHE_PREFIX}`);
      if (hit) return hit;
    }
    let addr: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      addr = ipaddr.process(ip);
    } catch {
      return UNKNOWN_PLACE;
    }
    if (addr.range() !== 'unicast') return UNKNOWN_PLACE;
    const v4 = addr.kind() === 'ipv4';
    const bytes = addr.toByteArray();
    const netBits = v4 ? IPV4_CACHE_PREFIX : IPV6_CACHE_PREFIX;
    const netKey = networkKey(bytes, netBits);
    const hit = this.cache.get(netKey) ?? this.cache.get(addr.toString());
    if (hit) return hit;
    let found: [Response | null, number];
    try {
      found = this.reader.getWithPrefixLength(addr.toString());
    } catch {
      return UNKNOWN_PLACE;
    }
    const place = placeOf(found[0] as GeoRecord | null);
    // The prefix of an IPv4 answer counts from the IPv4 subtree, also in an IPv6 database.
    const prefix = found[1];
    if (this.cache.size >= CACHE_MAX) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(prefix <= netBits ? netKey : addr.toString(), place);
    return place;
  }
}

function networkKey(bytes: number[], bits: number): string {
  return `${bytes.slice(0, bits / 8).join('.')}/${bits}`;
}

const loaded = new Map<string, GeoLocator>();

/**
 * The locator of a database file (`null`: the bundled one; `false`: none, every place unknown),
 * read once per process: the file is held in memory (the bundled one is about 8 MB) and looked
 * up there, never over the network.
 * Throws when the file is missing or not a MaxMind-format database.
 */
export function loadGeoLocator(file: string | null | false): PlaceLocator {
  if (file === false) return NO_PLACES;
  const path = file ?? bundledGeoDbFile();
  let geo = loaded.get(path);
  if (!geo) {
    try {
      geo = GeoLocator.fromFile(path);
    } catch (err) {
      throw new Error(`GEOIP_DB_FILE ${path} is not a readable MaxMind-format database`, {
        cause: err,
      });
    }
    loaded.set(path, geo);
  }
  return geo;
}
