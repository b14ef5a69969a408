import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { isbot } from 'isbot';
import type { ClickClass } from '@mailtokit/contracts/analytics';

/** The reasons a hit may be left out by what the request itself shows (`repeat` comes later). */
export type RequestClass = Exclude<ClickClass, 'repeat'>;

/** What the classifier reads of a request to a tracking URL. */
export interface HitRequest {
  method: string;
  ip: string;
  userAgent: string;
  accept?: string;
  acceptLanguage?: string;
  secFetchMode?: string;
  secFetchDest?: string;
  /** `Purpose`, `Sec-Purpose`, `X-Purpose` or `X-Moz`, joined: a prefetch names itself there. */
  purpose?: string;
}

/** Extra user-agent tokens and address ranges an operator keeps in a JSON file. */
export interface ClickFilterList {
  scanner?: string[];
  preview?: string[];
  bot?: string[];
  /** CIDR ranges (`40.94.0.0/15`, `2a01:111::/32`) whose requests are scanners. */
  scannerRanges?: string[];
}

/**
 * E-mail security gateways and URL-reputation fetchers that name themselves. Many of them
 * fetch with a plain browser agent instead: those are caught by the headers (below) or by
 * their address ranges, when the operator lists them.
 */
const SCANNER_TOKENS = [
  'safelinks',
  'safe links',
  'microsoft defender',
  'atp-safelinks',
  'proofpoint',
  'urldefense',
  'url defense',
  'ppops-',
  'mimecast',
  'barracuda',
  'cisco secure email',
  'ironport',
  'cisco-esa',
  'trend micro',
  'trendmicro',
  'tmurlfilter',
  'sophos',
  'symantec',
  'broadcom',
  'messagelabs',
  'forcepoint',
  'fireeye',
  'trellix',
  'checkpoint',
  'check point',
  'zscaler',
  'virustotal',
  'urlscan',
  'google-safety',
  'safebrowsing',
  'paloalto',
  'fortiguard',
  'vadesecure',
  'hornetsecurity',
  'spamtitan',
  'libredtail',
];

/**
 * Chat and social link previews: the fetcher's own name only (in-app browsers of the same
 * apps, Pinterest, Snapchat, Instagram, are people).
 */
export const PREVIEW_TOKENS = [
  'slackbot',
  'slack-imgproxy',
  'twitterbot',
  'facebookexternalhit',
  'facebookcatalog',
  'linkedinbot',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'skypeuripreview',
  'microsoft office',
  'ms-office',
  'microsoftpreview',
  'iframely',
  'embedly',
  'redditbot',
  'mastodon',
  'pinterestbot',
  'pinterest/0.',
  'vkshare',
  'snapchat/ url',
  'google-pagerenderer',
  'bingpreview',
  'applebot',
  'mattermost',
  'rocket.chat',
  'line-poker',
  'kakaotalk-scrap',
  'bitrix link preview',
];

/** Agents that are people although `isbot` may know a part of their name. */
const PEOPLE =
  /; wv\)|\bGSA\/|OutlookMobile|Outlook-iOS|Outlook-Android|Gmail|FBAN|FBAV|Instagram/i;

/** A browser's own agent: `Mozilla/5.0 (...)` as every current browser and webview sends it. */
const BROWSER = /^Mozilla\/5\.0 \(/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (tokens: readonly string[]) =>
  tokens.length === 0 ? null : new RegExp(tokens.map(escape).join('|'), 'i');

/** Reads and checks an operator's list (JSON); throws with the file name when it is wrong. */
export function loadClickFilterList(file: string): ClickFilterList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`CLICK_FILTER_FILE ${file}: ${(err as Error).message}`);
  }
  const list = parsed as Record<string, unknown>;
  const out: ClickFilterList = {};
  for (const key of ['scanner', 'preview', 'bot', 'scannerRanges'] as const) {
    const v = list[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === ''))
      throw new Error(`CLICK_FILTER_FILE ${file}: "${key}" must be a list of non-empty strings`);
    out[key] = (v as string[]).map((s) => s.trim());
  }
  return out;
}

function rangesOf(cidrs: readonly string[]): BlockList | null {
  if (cidrs.length === 0) return null;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const family = net ? isIP(net) : 0;
    const prefix = Number(bits ?? (family === 6 ? 128 : 32));
    if (!net || family === 0 || !Number.isInteger(prefix) || prefix < 0)
      throw new Error(`click filter: "${cidr}" is not an address range (CIDR)`);
    list.addSubnet(net, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/**
 * True when the browser says the hit is not a top-level page navigation. Browsers that send
 * Fetch Metadata (Chromium 80+, Firefox 90+, Safari 16.4+; to HTTPS origins and localhost)
 * name the request's destination in `Sec-Fetch-Dest`: `document` for a page opened in a tab or
 * window (a clicked link, a typed address, a mail app opening the link, `window.open`), and
 * anything else for a hit made from inside a page: `iframe` and `frame` (a hidden frame loads
 * the URL on every view of the page that holds it), `fencedframe`, `embed`, `object`,
 * `image`, `script`, `style`, `audio`, `video`, `worker`, `empty` (`fetch`, XHR, `sendBeacon`)
 * and the rest. `Sec-Fetch-Mode` is `navigate` for documents and frames alike, so only a mode
 * other than `navigate` says something on its own (`no-cors`, `cors`, `same-origin`,
 * `websocket`, and Chromium 76-79's `nested-navigate`, sent for frames before
 * `Sec-Fetch-Dest` existed). Clients that send neither header (older browsers, plain HTTP
 * origins) keep the other rules.
 */
function embeddedHit(req: HitRequest): boolean {
  const dest = req.secFetchDest?.trim().toLowerCase();
  if (dest !== undefined && dest !== 'document') return true;
  const mode = req.secFetchMode?.trim().toLowerCase();
  return mode !== undefined && mode !== 'navigate';
}

/** What a user agent alone says; `browser`: it claims to be a real browser. */
type AgentVerdict = RequestClass | 'browser';

/**
 * Classifies a hit on a tracking URL as a person's click (`human`) or a hit to leave out of
 * the counts, with its reason. Signals, in order: a prefetch names itself (`Purpose` /
 * `Sec-Purpose`, or it is a HEAD); the operator's address ranges of scanners; the user agent
 * (scanner and preview tokens, then `isbot`); then, for an agent claiming to be a browser,
 * whether the browser says the hit is a top-level page navigation (`embeddedHit`, below), and
 * whether the request looks like one: an `Accept` naming `text/html`. A missing
 * `Accept-Language` alone does not filter:
 * some privacy setups and older clients leave it out. In-app browsers and webviews (Gmail,
 * Outlook, Android `; wv)`, Facebook, Instagram) are people.
 *
 * A user agent's verdict is cached (up to 5,000 agents, then the cache starts afresh); the
 * headers are checked on every hit, which costs string tests only.
 */
export class HitClassifier {
  private readonly cache = new Map<string, AgentVerdict>();
  private readonly scanner: RegExp | null;
  private readonly preview: RegExp | null;
  private readonly bot: RegExp | null;
  private readonly ranges: BlockList | null;

  constructor(
    extra: ClickFilterList = {},
    private readonly capacity = 5000,
  ) {
    this.scanner = anyOf([...SCANNER_TOKENS, ...(extra.scanner ?? [])]);
    this.preview = anyOf([...PREVIEW_TOKENS, ...(extra.preview ?? [])]);
    this.bot = anyOf(extra.bot ?? []);
    this.ranges = rangesOf(extra.scannerRanges ?? []);
  }

  /**
   * `beacon`: the hit is a page's own beacon (`navigator.sendBeacon`, which is neither a
   * navigation nor asks for HTML), so only the signals before those two apply.
   */
  classify(req: HitRequest, beacon = false): RequestClass {
    if (req.method === 'HEAD' || (req.purpose && /prefetch|preview/i.test(req.purpose)))
      return 'prefetch';
    if (this.ranges && req.ip && this.inRanges(req.ip)) return 'scanner';
    const agent = this.agentVerdict(req.userAgent);
    if (agent !== 'browser') return agent;
    if (beacon) return 'human';
    if (embeddedHit(req)) return 'embedded';
    const accept = req.accept ?? '';
    if (!/text\/html|application\/xhtml\+xml/i.test(accept)) return 'scanner';
    return 'human';
  }

  /** Agents cached now (for tests). */
  get size(): number {
    return this.cache.size;
  }

  private inRanges(ip: string): boolean {
    const family = isIP(ip);
    if (family === 0 || !this.ranges) return false;
    return this.ranges.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }

  private agentVerdict(userAgent: string): AgentVerdict {
    const hit = this.cache.get(userAgent);
    if (hit !== undefined) return hit;
    const verdict = this.judge(userAgent);
    // Full: start afresh (O(1), unlike evicting the oldest entry one at a time).
    if (this.cache.size >= this.capacity) this.cache.clear();
    this.cache.set(userAgent, verdict);
    return verdict;
  }

  private judge(userAgent: string): AgentVerdict {
    if (userAgent.trim() === '') return 'bot';
    if (this.scanner?.test(userAgent)) return 'scanner';
    if (this.preview?.test(userAgent)) return 'preview';
    if (this.bot?.test(userAgent)) return 'bot';
    if (PEOPLE.test(userAgent) && BROWSER.test(userAgent)) return 'browser';
    if (isbot(userAgent)) return 'bot';
    return BROWSER.test(userAgent) ? 'browser' : 'bot';
  }
}
