import type { DeviceType } from '@mailtokit/contracts/analytics';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';
import { PREVIEW_TOKENS } from './classify';

/** What a click records about its client. */
export interface ClientInfo {
  browser: string;
  os: string;
  device: DeviceType;
  isBot: boolean;
}

/** Longer user agents are cut before parsing, hashing and caching. */
export const USER_AGENT_MAX = 512;
const NAME_MAX = 40;
const UNKNOWN = 'Other';

/**
 * Agents recorded with the `bot` device besides what `isbot` knows: the link previews the
 * classifier leaves out (one list, `PREVIEW_TOKENS`), and the big search crawlers, so that an
 * update of `isbot`'s list can never label them as people.
 */
const PREVIEW_AGENTS = new RegExp(
  [...PREVIEW_TOKENS, 'googlebot', 'bingbot', 'yahoo! slurp', 'duckduckbot']
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
  'i',
);

const DESKTOP_OS = new Set([
  'Windows',
  'macOS',
  'Linux',
  'ChromeOS',
  'Ubuntu',
  'Debian',
  'Fedora',
  'FreeBSD',
  'OpenBSD',
]);
const MOBILE_OS = new Set(['iOS', 'Android', 'HarmonyOS', 'KaiOS']);

/** True for bots, link-preview agents and requests without a user agent. */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || PREVIEW_AGENTS.test(userAgent) || isbot(userAgent);
}

function clip(name: string | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed.slice(0, NAME_MAX) : UNKNOWN;
}

/** Browser family: `Mobile Safari` counts as Safari, `Mobile Firefox` as Firefox. */
function browserFamily(name: string | undefined): string {
  return clip(name?.replace(/^Mobile /, ''));
}

function osFamily(name: string | undefined): string {
  switch (name) {
    case 'Mac OS':
      return 'macOS';
    case 'Chromium OS':
      return 'ChromeOS';
    default:
      return clip(name);
  }
}

function deviceOf(type: string | undefined, os: string, browser: string): DeviceType {
  if (type === 'mobile' || type === 'tablet') return type;
  if (type !== undefined) return 'other'; // console, smarttv, wearable, embedded, xr
  if (MOBILE_OS.has(os)) return 'mobile';
  if (DESKTOP_OS.has(os)) return 'desktop';
  return browser !== UNKNOWN ? 'desktop' : 'other';
}

/** Agents whose results are kept by default (a few megabytes at most: keys are clipped). */
export const USER_AGENT_CACHE_MAX = 5000;

/**
 * Classifies user agents into browser, OS and device families (ua-parser-js 1.x, MIT) and
 * flags bots. Parsing costs tens of microseconds, so results are kept in a bounded LRU cache
 * (`lru-cache`) keyed by the clipped agent string: the result depends on that string only, and
 * a few thousand agents make up most clicks.
 */
export class UserAgentClassifier {
  private readonly cache: LRUCache<string, ClientInfo>;
  private readonly parser = new UAParser();

  constructor(capacity = USER_AGENT_CACHE_MAX) {
    this.cache = new LRUCache<string, ClientInfo>({ max: capacity });
  }

  classify(rawUserAgent: string): ClientInfo {
    const userAgent = rawUserAgent.slice(0, USER_AGENT_MAX);
    const hit = this.cache.get(userAgent);
    if (hit) return hit;
    const info = this.parse(userAgent);
    this.cache.set(userAgent, info);
    return info;
  }

  /** Classifies without the cache (for tests: cached answers must equal these). */
  classifyUncached(rawUserAgent: string): ClientInfo {
    return this.parse(rawUserAgent.slice(0, USER_AGENT_MAX));
  }

  /** Entries cached now (for tests). */
  get size(): number {
    return this.cache.size;
  }

  /** Whether an agent's result is cached (for tests); looking does not count as a use. */
  has(rawUserAgent: string): boolean {
    return this.cache.has(rawUserAgent.slice(0, USER_AGENT_MAX));
  }

  private parse(userAgent: string): ClientInfo {
    const result = this.parser.setUA(userAgent).getResult();
    const os = osFamily(result.os.name);
    if (isBotAgent(userAgent)) {
      // Name the agent when it is a known one (`Slackbot`, `facebookexternalhit`, ...).
      const known = PREVIEW_AGENTS.exec(userAgent)?.[0];
      return { browser: clip(known ?? 'Bot'), os, device: 'bot', isBot: true };
    }
    const browser = browserFamily(result.browser.name);
    return { browser, os, device: deviceOf(result.device.type, os, browser), isBot: false };
  }
}

/**
 * Host name of a Referer header: lowercase, http(s) only; null when absent or not a URL.
 * The path and query are never stored (they may carry personal data).
 */
export function referrerHost(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw || raw.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  return host !== '' && host.length <= 255 ? host : null;
}
