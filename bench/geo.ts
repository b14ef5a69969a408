// Server CPU per click of the place lookup (modules/clicks/geo.ts) on the bundled country
// database: a lookup that misses the per-network cache (a tree walk), one that hits it (the
// best case: a network seen before), and a realistic mix (many clicks from few networks).
// In process, no server: process.cpuUsage() around each pass, divided by the lookups.
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- the benchmark measures the server's own code
import { bundledGeoDbFile, GeoLocator } from '../apps/server/src/modules/clicks/geo';
import { loadAverage, machine, printMachine, table, writeResults } from './lib/report';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const LOOKUPS = opt('lookups', 200_000);
const NETWORKS = opt('networks', 20_000);
const ROUNDS = opt('rounds', 5);

/** A small deterministic generator (mulberry32), so each run looks up the same addresses. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** First octets of public IPv4 space in use on every continent (no private or reserved ones). */
const V4_FIRST = [
  2, 5, 24, 31, 37, 41, 46, 50, 58, 62, 66, 71, 77, 78, 81, 82, 85, 87, 88, 91, 93, 95, 98, 101,
  105, 109, 110, 112, 117, 121, 125, 136, 138, 147, 151, 154, 163, 173, 176, 177, 178, 179, 185,
  186, 187, 188, 190, 191, 193, 194, 195, 196, 197, 200, 201, 202, 203, 210, 212, 213, 217, 218,
];
/** IPv6 prefixes of large access networks' registries (RIPE, ARIN, APNIC, LACNIC, AFRINIC). */
const V6_FIRST = ['2a01', '2a02', '2a00', '2600', '2601', '2603', '2401', '2402', '2800', '2c0f'];

/** `n` client networks (/24 or /48), one in five IPv6, each as a function of a host part. */
function networks(n: number, rand: () => number): ((host: number) => string)[] {
  const list: ((host: number) => string)[] = [];
  for (let i = 0; i < n; i++) {
    if (rand() < 0.2) {
      const head = V6_FIRST[Math.floor(rand() * V6_FIRST.length)]!;
      const a = Math.floor(rand() * 0xffff).toString(16);
      const b = Math.floor(rand() * 0xffff).toString(16);
      list.push((host) => `${head}:${a}:${b}:${(host & 0xffff).toString(16)}::${(host >> 4) + 1}`);
    } else {
      const a = V4_FIRST[Math.floor(rand() * V4_FIRST.length)]!;
      const b = Math.floor(rand() * 256);
      const c = Math.floor(rand() * 256);
      list.push((host) => `${a}.${b}.${c}.${(host % 254) + 1}`);
    }
  }
  return list;
}

/** CPU microseconds per call of `fn` over `items`. */
function cpuPer(items: readonly string[], fn: (ip: string) => unknown): number {
  const start = process.cpuUsage();
  for (const ip of items) fn(ip);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / items.length;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const m = machine();
printMachine(m);
const rssBefore = process.memoryUsage().rss;
const database = readFileSync(bundledGeoDbFile());
const probe = new GeoLocator(database);
probe.locate('193.0.14.129');
const rssAfter = process.memoryUsage().rss;
console.log(
  `bundled database: ${(database.length / 1e6).toFixed(1)} MB on disk, process RSS +${((rssAfter - rssBefore) / 1e6).toFixed(1)} MB once loaded (${probe.databaseType})`,
);

const rand = random(38);
const nets = networks(NETWORKS, rand);
// Misses: one address in each of NETWORKS networks, on a fresh cache.
const missAddresses = nets.map((net) => net(Math.floor(rand() * 1000)));
// Hits: other addresses of the same networks, once they are cached.
const hitAddresses = Array.from({ length: LOOKUPS }, () =>
  nets[Math.floor(rand() * nets.length)]!(Math.floor(rand() * 1000)),
);
// A realistic mix: clicks from a Zipf-like spread over the networks (a few busy ones, a long
// tail), on a fresh cache, so the first click of each network misses.
const mixAddresses = Array.from({ length: LOOKUPS }, () => {
  const rank = Math.floor(nets.length ** rand()) - 1;
  return nets[Math.min(rank, nets.length - 1)]!(Math.floor(rand() * 1000));
});

const results = { miss: [] as number[], hit: [] as number[], mix: [] as number[] };
let known = 0;
for (let round = 0; round < ROUNDS; round++) {
  const fresh = new GeoLocator(database);
  results.miss.push(cpuPer(missAddresses, (ip) => fresh.locate(ip)));
  results.hit.push(cpuPer(hitAddresses, (ip) => fresh.locate(ip)));
  const mixed = new GeoLocator(database);
  results.mix.push(cpuPer(mixAddresses, (ip) => mixed.locate(ip)));
  if (round === 0) known = missAddresses.filter((ip) => fresh.locate(ip).country !== null).length;
}
const missRate = new Set(mixAddresses.map((ip) => ip.split(/[.:]/).slice(0, 3).join('.'))).size;

console.log(
  `\n${NETWORKS} networks (1 in 5 IPv6), ${LOOKUPS} lookups per pass, ${ROUNDS} rounds, load ${loadAverage()}; ${((known / missAddresses.length) * 100).toFixed(0)}% of the networks have a country\n`,
);
console.log(
  table(
    ['lookup', 'CPU µs/lookup (median)', 'min', 'what it is'],
    [
      [
        'cache hit',
        median(results.hit).toFixed(2),
        Math.min(...results.hit).toFixed(2),
        'best case: a network seen before',
      ],
      [
        'cache miss',
        median(results.miss).toFixed(2),
        Math.min(...results.miss).toFixed(2),
        'worst case: a tree walk and a decode',
      ],
      [
        'realistic mix',
        median(results.mix).toFixed(2),
        Math.min(...results.mix).toFixed(2),
        `Zipf over the networks: ~${missRate} first clicks of a network in ${LOOKUPS}`,
      ],
    ],
  ),
);
writeResults('geo', { machine: m, lookups: LOOKUPS, networks: NETWORKS, results });
