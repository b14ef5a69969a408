import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HitClassifier, loadClickFilterList, type HitRequest, type RequestClass } from './classify';

const CHROME_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const FIREFOX_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const SAFARI_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A top-level navigation as Chromium and Firefox send it over HTTPS. */
const nav = (accept: string, lang = 'en-US,en;q=0.9') => ({
  accept,
  acceptLanguage: lang,
  secFetchMode: 'navigate',
  secFetchDest: 'document',
});

const UA = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
  firefoxWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  gmailAndroidWebview:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36',
  gmailIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 GSA/343.0.695551749 Mobile/15E148 Safari/604.1',
  outlookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 OutlookMobile/4.2437.0',
  outlookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36 OutlookMobile/4.2440.1',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/476.0.0.40.110;FBBV/634224813;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0]',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-G991B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36 Instagram 356.0.0.41.101 Android',
  thunderbirdLikeFirefox:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

type Row = [name: string, request: Partial<HitRequest>, expected: RequestClass];

const TABLE: Row[] = [
  // People: current browsers' top-level navigations.
  ['Chrome Windows', { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT) }, 'human'],
  ['Chrome macOS', { userAgent: UA.chromeMac, ...nav(CHROME_ACCEPT, 'de-DE,de;q=0.9') }, 'human'],
  ['Chrome Android', { userAgent: UA.chromeAndroid, ...nav(CHROME_ACCEPT) }, 'human'],
  // Chrome on iOS is WebKit: no Sec-Fetch-* before iOS 16.4.
  [
    'Chrome iOS',
    { userAgent: UA.chromeIos, accept: SAFARI_ACCEPT, acceptLanguage: 'en-GB,en;q=0.9' },
    'human',
  ],
  ['Edge Windows', { userAgent: UA.edge, ...nav(CHROME_ACCEPT) }, 'human'],
  ['Edge Android', { userAgent: UA.edgeAndroid, ...nav(CHROME_ACCEPT) }, 'human'],
  [
    'Firefox Windows',
    { userAgent: UA.firefoxWin, ...nav(FIREFOX_ACCEPT, 'en-US,en;q=0.5') },
    'human',
  ],
  [
    'Firefox Linux',
    { userAgent: UA.firefoxLinux, ...nav(FIREFOX_ACCEPT, 'fr,fr-FR;q=0.8') },
    'human',
  ],
  ['Firefox Android', { userAgent: UA.firefoxAndroid, ...nav(FIREFOX_ACCEPT) }, 'human'],
  ['Safari macOS', { userAgent: UA.safariMac, ...nav(SAFARI_ACCEPT, 'en-GB,en;q=0.9') }, 'human'],
  [
    'Safari iPhone',
    { userAgent: UA.safariIphone, ...nav(SAFARI_ACCEPT, 'en-US,en;q=0.9') },
    'human',
  ],
  [
    'Safari iPad (no Sec-Fetch)',
    { userAgent: UA.safariIpad, accept: SAFARI_ACCEPT, acceptLanguage: 'nl-NL,nl;q=0.9' },
    'human',
  ],
  ['Samsung Internet', { userAgent: UA.samsung, ...nav(CHROME_ACCEPT) }, 'human'],
  // Over plain HTTP browsers send no Sec-Fetch-*; some privacy setups drop Accept-Language.
  [
    'Chrome over http',
    { userAgent: UA.chromeWin, accept: CHROME_ACCEPT, acceptLanguage: 'en' },
    'human',
  ],
  [
    'Firefox without Accept-Language',
    { userAgent: UA.firefoxWin, accept: FIREFOX_ACCEPT },
    'human',
  ],
  // In-app browsers and webviews are people.
  ['Gmail Android webview', { userAgent: UA.gmailAndroidWebview, ...nav(CHROME_ACCEPT) }, 'human'],
  [
    'Gmail iOS (GSA)',
    { userAgent: UA.gmailIos, accept: SAFARI_ACCEPT, acceptLanguage: 'en-US' },
    'human',
  ],
  [
    'Outlook iOS',
    { userAgent: UA.outlookIos, accept: SAFARI_ACCEPT, acceptLanguage: 'en-US' },
    'human',
  ],
  ['Outlook Android webview', { userAgent: UA.outlookAndroid, ...nav(CHROME_ACCEPT) }, 'human'],
  [
    'Facebook iOS in-app',
    { userAgent: UA.facebookIos, accept: SAFARI_ACCEPT, acceptLanguage: 'en' },
    'human',
  ],
  ['Instagram Android in-app', { userAgent: UA.instagramAndroid, ...nav(CHROME_ACCEPT) }, 'human'],
  [
    'Thunderbird opening in Firefox',
    { userAgent: UA.thunderbirdLikeFirefox, ...nav(FIREFOX_ACCEPT) },
    'human',
  ],

  // E-mail security gateways and URL-reputation fetchers.
  [
    'Defender Safe Links (named)',
    {
      userAgent: 'Mozilla/5.0 (compatible; Microsoft Defender for Office 365 Safe Links)',
      accept: '*/*',
    },
    'scanner',
  ],
  [
    'Safe Links detonation',
    { userAgent: 'Microsoft Office SafeLinks/1.0', accept: '*/*' },
    'scanner',
  ],
  ['Proofpoint URL Defense', { userAgent: 'Proofpoint URL Defense/3.0', accept: '*/*' }, 'scanner'],
  [
    'Proofpoint sandbox',
    { userAgent: 'Mozilla/5.0 (compatible; proofpoint-urldefense)', accept: 'text/html' },
    'scanner',
  ],
  ['Mimecast', { userAgent: 'Mimecast URL Protect/1.0' }, 'scanner'],
  ['Barracuda', { userAgent: 'Barracuda Sentinel (EE)', accept: '*/*' }, 'scanner'],
  ['Cisco Secure Email', { userAgent: 'Cisco Secure Email URL Defense', accept: '*/*' }, 'scanner'],
  ['Cisco IronPort', { userAgent: 'IronPort-URL-Scanner/1.0' }, 'scanner'],
  [
    'Trend Micro',
    { userAgent: 'TrendMicro-URLFilter/3.0 (Trend Micro Email Security)' },
    'scanner',
  ],
  ['Sophos', { userAgent: 'Sophos Email Time-of-Click Protection', accept: '*/*' }, 'scanner'],
  [
    'Symantec / Broadcom',
    { userAgent: 'Symantec Email Security.cloud (Broadcom) ClickTime' },
    'scanner',
  ],
  // Gateways that fetch with a browser agent but not like a browser navigates.
  ['Browser agent, Accept */*', { userAgent: UA.chromeWin, accept: '*/*' }, 'scanner'],
  ['Browser agent, no Accept at all', { userAgent: UA.edge }, 'scanner'],
  [
    'Browser agent, JSON Accept',
    { userAgent: UA.firefoxWin, accept: 'application/json' },
    'scanner',
  ],

  // Chat and social link previews.
  [
    'Slack unfurl',
    { userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', accept: '*/*' },
    'preview',
  ],
  ['Twitter / X card', { userAgent: 'Twitterbot/1.0', accept: '*/*' }, 'preview'],
  [
    'Facebook / Messenger preview',
    { userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
    'preview',
  ],
  [
    'LinkedIn',
    {
      userAgent:
        'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    },
    'preview',
  ],
  [
    'Discord',
    {
      userAgent: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      accept: '*/*',
    },
    'preview',
  ],
  ['Telegram', { userAgent: 'TelegramBot (like TwitterBot)' }, 'preview'],
  ['WhatsApp', { userAgent: 'WhatsApp/2.23.20.0 A', accept: '*/*' }, 'preview'],
  [
    'Teams / Skype preview',
    { userAgent: 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5' },
    'preview',
  ],
  [
    'iMessage (Applebot-like)',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    },
    'preview',
  ],
  [
    'Microsoft Office preview',
    {
      userAgent: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)',
      accept: '*/*',
    },
    'preview',
  ],

  // Crawlers and tools.
  [
    'Googlebot',
    {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      accept: 'text/html',
    },
    'bot',
  ],
  ['curl', { userAgent: 'curl/8.5.0', accept: '*/*' }, 'bot'],
  ['python-requests', { userAgent: 'python-requests/2.32.3', accept: '*/*' }, 'bot'],
  [
    'Headless Chrome',
    {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ...nav(CHROME_ACCEPT),
    },
    'bot',
  ],
  ['No user agent', { userAgent: '' }, 'bot'],
  ['An app of its own', { userAgent: 'MyNewsletterTool/1.0', accept: 'text/html' }, 'bot'],
  [
    'Browser agent, script fetch',
    { userAgent: UA.chromeWin, accept: 'text/html', secFetchMode: 'cors', secFetchDest: 'empty' },
    'embedded',
  ],

  // Not a top-level page navigation, as the browser says: a hit from inside a page.
  [
    'Chromium, hidden iframe',
    { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT), secFetchDest: 'iframe' },
    'embedded',
  ],
  [
    'Firefox, frame of a frameset',
    { userAgent: UA.firefoxWin, ...nav(FIREFOX_ACCEPT), secFetchDest: 'frame' },
    'embedded',
  ],
  [
    'Safari 16.4+, iframe',
    { userAgent: UA.safariMac, ...nav(SAFARI_ACCEPT), secFetchDest: 'iframe' },
    'embedded',
  ],
  [
    'Chromium, fenced frame',
    { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT), secFetchDest: 'fencedframe' },
    'embedded',
  ],
  [
    'An <img> tag',
    {
      userAgent: UA.chromeWin,
      accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
      secFetchMode: 'no-cors',
      secFetchDest: 'image',
    },
    'embedded',
  ],
  [
    'A <script> tag',
    { userAgent: UA.chromeWin, accept: '*/*', secFetchMode: 'no-cors', secFetchDest: 'script' },
    'embedded',
  ],
  [
    'An <embed>',
    {
      userAgent: UA.chromeWin,
      ...nav(CHROME_ACCEPT),
      secFetchMode: 'no-cors',
      secFetchDest: 'embed',
    },
    'embedded',
  ],
  [
    'Chromium 76-79 iframe (mode only)',
    { userAgent: UA.chromeWin, accept: CHROME_ACCEPT, secFetchMode: 'nested-navigate' },
    'embedded',
  ],
  [
    'Destination in capitals',
    { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT), secFetchDest: 'IFRAME' },
    'embedded',
  ],
  [
    'Top-level navigation, mode only (Chromium 76-79)',
    { userAgent: UA.chromeWin, accept: CHROME_ACCEPT, secFetchMode: 'navigate' },
    'human',
  ],
  [
    'A link opened in a new tab',
    { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT), secFetchDest: 'document' },
    'human',
  ],

  // Prefetches name themselves.
  [
    'Chrome prefetch',
    { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT), purpose: 'prefetch' },
    'prefetch',
  ],
  [
    'Speculation rules',
    { userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT), purpose: 'prefetch;anonymous-client-ip' },
    'prefetch',
  ],
  [
    'Firefox link prefetch',
    { userAgent: UA.firefoxWin, accept: FIREFOX_ACCEPT, purpose: 'prefetch' },
    'prefetch',
  ],
  [
    'Safari preview',
    { userAgent: UA.safariMac, accept: SAFARI_ACCEPT, purpose: 'preview' },
    'prefetch',
  ],
  ['HEAD', { method: 'HEAD', userAgent: UA.chromeWin, accept: CHROME_ACCEPT }, 'prefetch'],
];

describe('HitClassifier', () => {
  const classifier = new HitClassifier();

  it('has a table of at least 40 requests', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%s', (_name, request, expected) => {
    expect(
      classifier.classify({ method: 'GET', ip: '198.51.100.4', userAgent: '', ...request }),
    ).toBe(expected);
  });

  it("takes the operator's tokens and address ranges", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'click-filter-'));
    const file = path.join(dir, 'filter.json');
    writeFileSync(
      file,
      JSON.stringify({
        scanner: ['AcmeGateway'],
        preview: ['ChatPreviewer'],
        bot: ['InternalMonitor'],
        scannerRanges: ['40.94.0.0/15', '2a01:111:f400::/48'],
      }),
    );
    const c = new HitClassifier(loadClickFilterList(file));
    const browser = { method: 'GET', userAgent: UA.chromeWin, ...nav(CHROME_ACCEPT) };
    expect(c.classify({ ...browser, ip: '40.95.1.2' })).toBe('scanner');
    expect(c.classify({ ...browser, ip: '2a01:111:f400::9' })).toBe('scanner');
    expect(c.classify({ ...browser, ip: '40.96.0.1' })).toBe('human');
    expect(c.classify({ method: 'GET', ip: '', userAgent: 'AcmeGateway/2' })).toBe('scanner');
    expect(c.classify({ method: 'GET', ip: '', userAgent: 'ChatPreviewer 1.0' })).toBe('preview');
    expect(c.classify({ method: 'GET', ip: '', userAgent: 'InternalMonitor' })).toBe('bot');
  });

  it('refuses a list it cannot read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'click-filter-'));
    const file = path.join(dir, 'filter.json');
    writeFileSync(file, JSON.stringify({ scanner: [3] }));
    expect(() => loadClickFilterList(file)).toThrow(/"scanner" must be a list/);
    writeFileSync(file, JSON.stringify({ scannerRanges: ['not-a-range'] }));
    expect(() => new HitClassifier(loadClickFilterList(file))).toThrow(/not an address range/);
    expect(() => loadClickFilterList(path.join(dir, 'missing.json'))).toThrow(/CLICK_FILTER_FILE/);
  });

  it("caches the agent only: the same agent is judged by each hit's own method, headers and address", () => {
    const c = new HitClassifier({ scannerRanges: ['40.94.0.0/15'] });
    const hit = {
      method: 'GET',
      ip: '198.51.100.7',
      userAgent: UA.chromeWin,
      ...nav(CHROME_ACCEPT),
    };
    const answers = () => [
      c.classify(hit),
      c.classify({ ...hit, accept: '*/*' }),
      c.classify({ ...hit, secFetchMode: 'no-cors' }),
      c.classify({ ...hit, secFetchDest: 'image' }),
      c.classify({ ...hit, method: 'HEAD' }),
      c.classify({ ...hit, purpose: 'prefetch' }),
      c.classify({ ...hit, ip: '40.94.3.4' }),
      c.classify(hit),
    ];
    const expected = [
      'human',
      'scanner',
      'embedded',
      'embedded',
      'prefetch',
      'prefetch',
      'scanner',
      'human',
    ];
    expect(answers()).toEqual(expected);
    expect(c.size).toBe(1); // the agent's verdict was cached on the first hit
    expect(answers()).toEqual(expected);
  });

  it('keeps a bounded cache of agent verdicts', () => {
    const c = new HitClassifier({}, 3);
    for (let i = 0; i < 10; i++)
      c.classify({
        method: 'GET',
        ip: '',
        userAgent: `${UA.chromeWin} X/${i}`,
        accept: 'text/html',
      });
    expect(c.size).toBeLessThanOrEqual(3);
  });
});
