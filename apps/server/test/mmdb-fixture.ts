import ipaddr from 'ipaddr.js';

/**
 * A tiny writer of the MaxMind DB format (version 2.0, https://maxmind.github.io/MaxMind-DB/)
 * for test fixtures: an IPv6 tree with 32-bit records, IPv4 networks under ::/96, and data
 * made of maps, strings, arrays and unsigned integers. Enough for GeoIP2-shaped records.
 */
export type MmdbValue = string | number | MmdbValue[] | { [key: string]: MmdbValue };

function sizeBytes(type: number, size: number): Buffer {
  const ext = type > 7;
  const typeBits = (ext ? 0 : type) << 5;
  const extra = ext ? [type - 7] : [];
  let head: number[];
  if (size < 29) head = [typeBits | size, ...extra];
  else if (size < 285) head = [typeBits | 29, ...extra, size - 29];
  else if (size < 65821) head = [typeBits | 30, ...extra, (size - 285) >> 8, (size - 285) & 0xff];
  else {
    const s = size - 65821;
    head = [typeBits | 31, ...extra, (s >> 16) & 0xff, (s >> 8) & 0xff, s & 0xff];
  }
  return Buffer.from(head);
}

export function encodeValue(v: MmdbValue): Buffer {
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([sizeBytes(2, b.length), b]);
  }
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new Error(`unsupported number ${v}`);
    const bytes: number[] = [];
    for (let n = v; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
    return Buffer.concat([sizeBytes(6, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(v)) return Buffer.concat([sizeBytes(11, v.length), ...v.map(encodeValue)]);
  const entries = Object.entries(v);
  return Buffer.concat([
    sizeBytes(7, entries.length),
    ...entries.flatMap(([k, val]) => [encodeValue(k), encodeValue(val)]),
  ]);
}

interface Node {
  kids: [Node | number | null, Node | number | null];
}

/** Bits of a network as an IPv6 prefix (IPv4 `a.b.c.d/n` becomes `::a.b.c.d/96+n`). */
function networkBits(cidr: string): number[] {
  const [addr, len] = ipaddr.parseCIDR(cidr);
  const bytes =
    addr.kind() === 'ipv4'
      ? [...Array<number>(12).fill(0), ...addr.toByteArray()]
      : addr.toByteArray();
  const prefix = addr.kind() === 'ipv4' ? 96 + len : len;
  const bits: number[] = [];
  for (let i = 0; i < prefix; i++) bits.push(((bytes[i >> 3] as number) >> (7 - (i & 7))) & 1);
  return bits;
}

/** An MMDB file mapping each network to its record (networks must not overlap). */
export function writeMmdb(
  networks: Record<string, MmdbValue>,
  databaseType = 'MailtoKit-Test-City',
): Buffer {
  const root: Node = { kids: [null, null] };
  const data: Buffer[] = [];
  let dataSize = 0;
  for (const [cidr, record] of Object.entries(networks)) {
    const encoded = encodeValue(record);
    const offset = dataSize;
    data.push(encoded);
    dataSize += encoded.length;
    const bits = networkBits(cidr);
    let node = root;
    bits.forEach((bit, i) => {
      const side = bit as 0 | 1;
      if (i === bits.length - 1) {
        node.kids[side] = -1 - offset; // a data offset, told apart from nodes by its sign
        return;
      }
      let next = node.kids[side];
      if (next === null || typeof next === 'number')
        node.kids[side] = next = { kids: [null, null] };
      node = next;
    });
  }
  const order: Node[] = [];
  const number = new Map<Node, number>();
  const queue: Node[] = [root];
  while (queue.length > 0) {
    const n = queue.shift() as Node;
    number.set(n, order.length);
    order.push(n);
    for (const k of n.kids) if (k !== null && typeof k !== 'number') queue.push(k);
  }
  const nodeCount = order.length;
  const tree = Buffer.alloc(nodeCount * 8);
  order.forEach((n, i) => {
    n.kids.forEach((k, side) => {
      const value =
        k === null
          ? nodeCount
          : typeof k === 'number'
            ? nodeCount + 16 + (-1 - k)
            : (number.get(k) as number);
      tree.writeUInt32BE(value, i * 8 + side * 4);
    });
  });
  const metadata = encodeValue({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    database_type: databaseType,
    description: { en: 'MailtoKit test fixture' },
    ip_version: 6,
    languages: ['en'],
    node_count: nodeCount,
    record_size: 32,
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}

/** GeoIP2-City-shaped records of known test networks (documentation ranges and public ones). */
export function cityRecord(country: string, region?: string, city?: string): MmdbValue {
  return {
    country: { iso_code: country, names: { en: country } },
    ...(region ? { subdivisions: [{ iso_code: region }] } : {}),
    ...(city ? { city: { names: { en: city } } } : {}),
  };
}

export const FIXTURE_NETWORKS: Record<string, MmdbValue> = {
  '81.0.0.0/16': cityRecord('DE', 'BE', 'Berlin'),
  '82.1.2.0/24': cityRecord('FR', 'IDF', 'Paris'),
  '83.5.5.5/32': cityRecord('JP'),
  '2a01:4f8::/32': cityRecord('DE', 'BY', 'Munich'),
  '2400:cb00::/32': cityRecord('US'),
};

export function fixtureGeoDb(): Buffer {
  return writeMmdb(FIXTURE_NETWORKS);
}
