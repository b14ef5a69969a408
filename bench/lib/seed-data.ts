import { createHash } from 'node:crypto';

/**
 * Synthetic but plausible click data for the analytics benchmark, generated as a stream in
 * time order (as clicks arrive), from a seeded generator so runs are comparable.
 */

/** A deterministic uniform [0, 1) generator: a Weyl sequence through a 32-bit mixer. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    return (z >>> 0) / 4294967296;
  };
}

/** Picks from weighted items in O(log n). */
export class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) {
      sum += w;
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(r: number): T {
    const x = r * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }

  /** The share of item i. */
  share(i: number): number {
    return ((this.cumulative[i] ?? 0) - (this.cumulative[i - 1] ?? 0)) / this.total;
  }
}

/** Browser, OS and device families as the server's classifier names them, with shares. */
const HUMAN_AGENTS: [browser: string, os: string, device: string, weight: number][] = [
  ['Chrome', 'Windows', 'desktop', 28],
  ['Chrome', 'macOS', 'desktop', 7],
  ['Edge', 'Windows', 'desktop', 7],
  ['Firefox', 'Windows', 'desktop', 3.5],
  ['Firefox', 'Linux', 'desktop', 1],
  ['Chrome', 'Linux', 'desktop', 1],
  ['Chrome', 'ChromeOS', 'desktop', 1],
  ['Opera', 'Windows', 'desktop', 0.5],
  ['Safari', 'macOS', 'desktop', 6],
  ['Safari', 'iOS', 'mobile', 20],
  ['Chrome', 'iOS', 'mobile', 2],
  ['Safari', 'iOS', 'tablet', 3],
  ['Chrome', 'Android', 'mobile', 17],
  ['Samsung Internet', 'Android', 'mobile', 3],
  ['Chrome', 'Android', 'tablet', 0.5],
  ['Other', 'Other', 'other', 1],
];

/**
 * Hits left out of the counts (about 5% of all): link-preview fetchers, e-mail scanners and
 * crawlers, with the reason the server stores for each.
 */
const BOT_AGENTS: [browser: string, os: string, reason: string, weight: number][] = [
  ['Slackbot', 'Other', 'preview', 25],
  ['facebookexternalhit', 'Other', 'preview', 15],
  ['Twitterbot', 'Other', 'preview', 10],
  ['LinkedInBot', 'Other', 'preview', 10],
  ['Microsoft Office', 'Windows', 'scanner', 15],
  ['WhatsApp', 'Other', 'preview', 10],
  ['Googlebot', 'Android', 'bot', 5],
  ['Bot', 'Linux', 'bot', 10],
];

/** Share of people's hits the server leaves out as a `repeat` or a `prefetch`. */
const REPEAT_SHARE = 0.015;
const PREFETCH_SHARE = 0.005;

/** Referrer hosts (null: none, i.e. a mail client), and a long tail of small sites. */
function referrers(): Weighted<string | null> {
  const head: [string | null, number][] = [
    [null, 45],
    ['mail.google.com', 15],
    ['outlook.live.com', 8],
    ['www.linkedin.com', 6],
    ['t.co', 5],
    ['www.facebook.com', 5],
    ['www.google.com', 5],
    ['l.facebook.com', 3],
    ['substack.com', 3],
    ['news.ycombinator.com', 2],
    ['www.reddit.com', 2],
    ['duckduckgo.com', 1],
  ];
  const tail = Array.from({ length: 300 }, (_, i): [string, number] => [
    `blog${i}.example.net`,
    5 / 300,
  ]);
  const all = [...head, ...tail];
  return new Weighted(
    all.map(([h]) => h),
    all.map(([, w]) => w),
  );
}

export interface SeedLink {
  /** mailto_links.id */
  id: number;
  /** tracking_links.id of its 1 or 2 tracking links. */
  trackingIds: number[];
}

export interface SeedOptions {
  clicks: number;
  days: number;
  end: Date;
  /** Links in popularity order are a shuffle of these. */
  links: SeedLink[];
  seed?: number;
  botShare?: number;
  /** The busiest link's share of all clicks (default: its Zipf share). */
  topShare?: number;
}

/** One click row, in the column order of the INSERT. */
export type ClickRow = [
  tracking_link_id: number,
  occurred_at: string,
  referrer_host: string | null,
  browser: string,
  os: string,
  device: string,
  is_bot: number,
  visitor_hash: string,
  classification: string,
  country: string | null,
];

export const CLICK_COLUMNS = [
  'tracking_link_id',
  'occurred_at',
  'referrer_host',
  'browser',
  'os',
  'device',
  'is_bot',
  'visitor_hash',
  'classification',
  'country',
] as const;

/**
 * Where people click from: a mailing list's audience, mostly in Europe and North America, with
 * a long tail, and 3% whose address has no country (unknown). A person keeps one country.
 */
const COUNTRIES: [code: string | null, weight: number][] = [
  ['US', 24],
  ['DE', 12],
  ['GB', 9],
  ['FR', 7],
  ['IN', 5],
  ['CA', 4],
  ['NL', 4],
  ['BR', 4],
  ['ES', 3],
  ['IT', 3],
  ['JP', 3],
  ['AU', 2.5],
  ['PL', 2],
  ['SE', 2],
  ['CH', 1.5],
  ['AT', 1.5],
  ['BE', 1.5],
  ['MX', 1.5],
  ['IE', 1],
  ['DK', 1],
  ['NO', 1],
  ['FI', 0.8],
  ['PT', 0.8],
  ['CZ', 0.7],
  ['SG', 0.6],
  ['KR', 0.6],
  ['ZA', 0.5],
  ['AR', 0.5],
  ['NZ', 0.4],
  ['IL', 0.4],
  [null, 3],
];

const HOUR_MS = 3_600_000;

/**
 * Clicks per hour over the range: a working-day curve (peaks at 10:00 and 15:00 UTC), quieter
 * weekends, a newsletter day each week (Tuesdays, twice the traffic), growth from 0.7x to
 * 1.3x over the range and +-20% noise per day. Exactly `total` clicks in all.
 */
function hourlyCounts(total: number, start: number, hours: number, rnd: () => number): number[] {
  const dayNoise = new Map<number, number>();
  const weights: number[] = [];
  for (let h = 0; h < hours; h += 1) {
    const t = new Date(start + h * HOUR_MS);
    const hour = t.getUTCHours();
    const dow = t.getUTCDay();
    const day = Math.floor(h / 24);
    if (!dayNoise.has(day)) dayNoise.set(day, 0.8 + 0.4 * rnd());
    const diurnal =
      0.15 + Math.exp(-((hour - 10) ** 2) / 8) + 0.8 * Math.exp(-((hour - 15) ** 2) / 10);
    const weekly = dow === 0 || dow === 6 ? 0.45 : dow === 2 ? 2 : 1;
    const growth = 0.7 + (0.6 * h) / hours;
    weights.push(diurnal * weekly * growth * (dayNoise.get(day) ?? 1));
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byFraction = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0]);
  for (const [, i] of byFraction) {
    if (left <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    left -= 1;
  }
  return counts;
}

/**
 * Link popularity: Zipf (s = 1) over a seeded shuffle of the links; with `topShare`, the
 * busiest link gets that share and the others split the rest in Zipf proportions.
 */
export function popularity(
  links: SeedLink[],
  seed = 7,
  topShare?: number,
): { order: SeedLink[]; share: number[] } {
  const rnd = random(seed);
  const order = [...links];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j] as SeedLink, order[i] as SeedLink];
  }
  const weights = order.map((_, rank) => 1 / (rank + 1));
  if (topShare === undefined || order.length < 2) {
    const sum = weights.reduce((a, b) => a + b, 0);
    return { order, share: weights.map((w) => w / sum) };
  }
  const rest = weights.slice(1).reduce((a, b) => a + b, 0);
  return {
    order,
    share: weights.map((w, rank) => (rank === 0 ? topShare : ((1 - topShare) * w) / rest)),
  };
}

/**
 * Yields the clicks in time order. Visitors: 35% of a link's human clicks come from its own
 * core audience (50 people who come back), the rest from a pool of 500,000 people; the hash
 * is sha256(day, person), like the server's daily-salted hash. Bots: a few hashes each.
 */
export function* generateClicks(opts: SeedOptions): Generator<ClickRow> {
  const rnd = random(opts.seed ?? 42);
  const botShare = opts.botShare ?? 0.05;
  const end = opts.end.getTime();
  const start = end - opts.days * 24 * HOUR_MS;
  const hours = Math.ceil((end - start) / HOUR_MS);
  const counts = hourlyCounts(opts.clicks, start, hours, rnd);

  const { order, share } = popularity(opts.links, 7, opts.topShare);
  const linkPick = new Weighted(
    order.map((_, i) => i),
    share,
  );
  const humans = new Weighted(
    HUMAN_AGENTS.map(([b, o, d]) => [b, o, d] as const),
    HUMAN_AGENTS.map((a) => a[3]),
  );
  const bots = new Weighted(
    BOT_AGENTS.map(([b, o, reason]) => [b, o, reason] as const),
    BOT_AGENTS.map((a) => a[3]),
  );
  const refs = referrers();
  const places = new Weighted(
    COUNTRIES.map(([code]) => code),
    COUNTRIES.map(([, weight]) => weight),
  );
  /** A person's country: the same for every click of theirs (a fixed pick from their name). */
  const countryOf = (person: string): string | null =>
    places.pick((createHash('sha256').update(person).digest().readUInt32BE(0) + 0.5) / 2 ** 32);
  const personCountry = new Map<string, string | null>();
  const countryFor = (person: string): string | null => {
    let code = personCountry.get(person);
    if (code === undefined) {
      code = countryOf(person);
      if (personCountry.size > 100_000) personCountry.clear();
      personCountry.set(person, code);
    }
    return code;
  };
  const hashes = new Map<string, string>();
  let hashDay = '';
  const visitorHash = (day: string, person: string) => {
    if (day !== hashDay) {
      hashes.clear();
      hashDay = day;
    }
    let h = hashes.get(person);
    if (h === undefined) {
      h = createHash('sha256').update(`${day}\n${person}`).digest('hex');
      hashes.set(person, h);
    }
    return h;
  };

  for (let h = 0; h < hours; h += 1) {
    const n = counts[h] ?? 0;
    if (n === 0) continue;
    const hourStart = start + h * HOUR_MS;
    const span = Math.min(HOUR_MS, end - hourStart);
    const offsets = Array.from({ length: n }, () => Math.floor(rnd() * span)).sort((a, b) => a - b);
    for (const offset of offsets) {
      const occurredAt = new Date(hourStart + offset).toISOString();
      const day = occurredAt.slice(0, 10);
      const rank = linkPick.pick(rnd());
      const link = order[rank] as SeedLink;
      const trackingId =
        link.trackingIds.length > 1 && rnd() >= 0.7
          ? (link.trackingIds[1] as number)
          : (link.trackingIds[0] as number);
      if (rnd() < botShare) {
        const [browser, os, reason] = bots.pick(rnd());
        yield [
          trackingId,
          occurredAt,
          null,
          browser,
          os,
          'bot',
          1,
          visitorHash(day, `bot-${browser}-${Math.floor(rnd() * 4)}`),
          reason,
          places.pick(rnd()),
        ];
        continue;
      }
      const [browser, os, device] = humans.pick(rnd());
      const person =
        rnd() < 0.35
          ? `core-${link.id}-${Math.floor(rnd() * 50)}`
          : `p-${Math.floor(rnd() * 500_000)}`;
      const left = rnd();
      const reason =
        left < REPEAT_SHARE ? 'repeat' : left < REPEAT_SHARE + PREFETCH_SHARE ? 'prefetch' : null;
      yield [
        trackingId,
        occurredAt,
        refs.pick(rnd()),
        browser,
        os,
        device,
        reason ? 1 : 0,
        visitorHash(day, person),
        reason ?? 'human',
        countryFor(person),
      ];
    }
  }
}
