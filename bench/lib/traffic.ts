// Realistic redirect traffic: many slugs with Zipf popularity, a few thousand distinct user
// agents in the formats real browsers send, varied referrers and client addresses (sent as
// X-Forwarded-For, for a server with TRUST_PROXY=true). Seeded, so every run sends the same mix.

/** Small, fast, seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws index k of n with probability proportional to 1 / (k + 1)^s. */
export function zipf(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    total += 1 / Math.pow(k + 1, s);
    cumulative[k] = total;
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const ANDROID_DEVICES = [
  'Android 10; K',
  'Android 13; SM-S918B',
  'Android 14; SM-S921B',
  'Android 14; SM-A546B',
  'Android 13; SM-A536B',
  'Android 14; Pixel 8',
  'Android 14; Pixel 7a',
  'Android 13; Pixel 6',
  'Android 12; M2101K20AG',
  'Android 13; 2201117TG',
  'Android 14; 23021RAAEG',
  'Android 13; CPH2487',
  'Android 12; moto g(60)',
  'Android 13; motorola edge 30',
  'Android 11; SM-G991B',
  'Android 12; SM-G998B',
  'Android 13; SM-F936B',
  'Android 14; SM-S911U',
  'Android 13; V2203',
  'Android 12; RMX3363',
  'Android 14; 2312DRA50G',
  'Android 13; NE2213',
  'Android 14; CPH2581',
  'Android 11; Redmi Note 8 Pro',
  'Android 10; SM-A505F',
  'Android 13; SM-T870',
  'Android 14; SM-X710',
  'Android 12; Lenovo TB-J606F',
  'Android 13; SM-M336B',
  'Android 14; Pixel 8 Pro',
];
const IOS = [
  '15_8_3',
  '16_6_1',
  '16_7_10',
  '17_0_3',
  '17_2_1',
  '17_4_1',
  '17_5_1',
  '17_6_1',
].concat(['18_0', '18_0_1', '18_1', '18_1_1', '18_2', '18_3', '18_3_1', '18_4']);
const DESKTOPS = [
  'Windows NT 10.0; Win64; x64',
  'Macintosh; Intel Mac OS X 10_15_7',
  'X11; Linux x86_64',
];

/**
 * A few thousand distinct user-agent strings in the exact formats of Chrome, Edge, Firefox,
 * Safari, Samsung Internet and Chrome on iOS (desktop, phone, tablet), most popular first,
 * with a few crawlers and link-preview bots among them.
 */
export function userAgents(): string[] {
  const chrome = range(109, 131);
  const list: string[] = [];
  for (const v of chrome.slice().reverse()) {
    for (const os of DESKTOPS)
      list.push(
        `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
      );
    for (const d of ANDROID_DEVICES)
      list.push(
        `Mozilla/5.0 (Linux; ${d}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`,
      );
  }
  // Links opened inside mail apps (Android WebView).
  for (const v of chrome.slice().reverse())
    for (const d of ANDROID_DEVICES)
      list.push(
        `Mozilla/5.0 (Linux; ${d}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${v}.0.0.0 Mobile Safari/537.36`,
      );
  for (const ios of IOS) {
    const [major, minor = '0'] = ios.split('_');
    list.push(
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${major}.${minor} Mobile/15E148 Safari/604.1`,
      `Mozilla/5.0 (iPad; CPU OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${major}.${minor} Mobile/15E148 Safari/604.1`,
    );
    for (const v of chrome)
      list.push(
        `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/${v}.0.6778.73 Mobile/15E148 Safari/604.1`,
      );
  }
  for (const v of chrome)
    for (let build = 0; build < 8; build++)
      for (const os of DESKTOPS.slice(0, 2))
        list.push(
          `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.${2000 + v * 7}.${build * 13}`,
        );
  for (const v of range(100, 133)) {
    for (const os of [
      'Windows NT 10.0; Win64; x64',
      'Macintosh; Intel Mac OS X 10.15',
      'X11; Ubuntu; Linux x86_64',
      'X11; Linux x86_64',
    ])
      list.push(`Mozilla/5.0 (${os}; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`);
    for (const a of ['Android 13', 'Android 14'])
      list.push(`Mozilla/5.0 (${a}; Mobile; rv:${v}.0) Gecko/${v}.0 Firefox/${v}.0`);
  }
  for (const v of range(20, 26))
    for (const d of ANDROID_DEVICES)
      list.push(
        `Mozilla/5.0 (Linux; ${d}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${v}.0 Chrome/${90 + v * 2}.0.0.0 Mobile Safari/537.36`,
      );
  for (const v of ['16.6', '17.0', '17.2', '17.4', '17.5', '17.6', '18.0', '18.1', '18.2'])
    list.push(
      `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Safari/605.1.15`,
    );
  // Crawlers and link previews: recorded apart, never counted as clicks.
  list.splice(
    40,
    0,
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  );
  return [...new Set(list)];
}

/** Referrers, most frequent first; '' sends none (mail apps usually send none). */
export function referrers(): string[] {
  const list = [
    '',
    'https://mail.google.com/',
    'https://outlook.live.com/',
    'https://outlook.office.com/',
    'https://mail.yahoo.com/',
    'https://www.linkedin.com/',
    'https://t.co/',
    'https://www.google.com/',
    'https://www.facebook.com/',
    'https://l.facebook.com/',
    'https://duckduckgo.com/',
    'https://news.ycombinator.com/',
    'https://www.bing.com/',
  ];
  for (let i = 1; i <= 60; i++) list.push(`https://news${i}.example.com/issues/${i * 7}`);
  return list;
}

export interface TrafficOptions {
  /** `/t/<slug>` paths, most popular first. */
  paths: string[];
  /** Distinct client addresses. */
  clients?: number;
  seed?: number;
}

/** autocannon `requests`: every request draws its slug, user agent, referrer and client IP. */
export function realisticRequests(opts: TrafficOptions) {
  const random = prng(opts.seed ?? 20261123);
  const agents = userAgents();
  const refs = referrers();
  const clients = opts.clients ?? 20_000;
  const ips = Array.from(
    { length: clients },
    (_, i) => `${10 + (i % 200)}.${(i >> 8) & 255}.${i & 255}.${1 + (i % 250)}`,
  );
  const pickPath = zipf(opts.paths.length, 1.0, random);
  const pickAgent = zipf(agents.length, 0.9, random);
  const pickRef = zipf(refs.length, 1.1, random);
  const pickIp = zipf(ips.length, 0.6, random);
  return [
    {
      method: 'GET',
      setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
        const referer = refs[pickRef()] as string;
        const headers: Record<string, string> = {
          'user-agent': agents[pickAgent()] as string,
          'x-forwarded-for': ips[pickIp()] as string,
          accept: 'text/html',
        };
        if (referer) headers.referer = referer;
        return { ...req, path: opts.paths[pickPath()], headers };
      },
    },
  ];
}
