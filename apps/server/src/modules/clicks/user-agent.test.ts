import { describe, expect, it } from 'vitest';
import {
  isBotAgent,
  referrerHost,
  USER_AGENT_CACHE_MAX,
  USER_AGENT_MAX,
  UserAgentClassifier,
} from './user-agent';

describe('UserAgentClassifier', () => {
  const ua = new UserAgentClassifier(3);

  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      { browser: 'Edge', os: 'Windows', device: 'desktop', isBot: false },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      { browser: 'Safari', os: 'macOS', device: 'desktop', isBot: false },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', device: 'mobile', isBot: false },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS', device: 'tablet', isBot: false },
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'ChromeOS', device: 'desktop', isBot: false },
    ],
    [
      'Mozilla/5.0 (Unknown) Foo/1.0',
      { browser: 'Other', os: 'Other', device: 'other', isBot: false },
    ],
    ['something unheard of', { browser: 'Bot', os: 'Other', device: 'bot', isBot: true }],
  ])('classifies %s', (agent, expected) => {
    expect(ua.classify(agent)).toEqual(expected);
  });

  it('keeps at most `capacity` entries, evicting the least recently used one', () => {
    const cache = new UserAgentClassifier(3);
    const cached = () => ['a', 'b', 'c', 'd', 'e'].filter((agent) => cache.has(agent));
    cache.classify('a');
    cache.classify('b');
    cache.classify('c');
    expect(cached()).toEqual(['a', 'b', 'c']);

    cache.classify('a'); // read again: b is now the least recently used
    cache.classify('d');
    expect(cached()).toEqual(['a', 'c', 'd']);

    cache.classify('e'); // c is now the least recently used; a, read since, stays
    expect(cached()).toEqual(['a', 'd', 'e']);
    expect(cache.size).toBe(3);
  });

  it('answers a cached agent without parsing it again, and looking does not count as a use', () => {
    const cache = new UserAgentClassifier(2);
    const first = cache.classify('a');
    cache.classify('b');
    expect(cache.classify('a')).toBe(first); // the same object: a cache hit
    expect(cache.has('b')).toBe(true); // only looked at: b stays the least recently used
    cache.classify('c');
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
  });

  it('answers from the cache exactly as without it, also after evictions', () => {
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      '',
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${'x'.repeat(USER_AGENT_MAX)} Firefox/125.0`,
    ];
    const reference = new UserAgentClassifier();
    const expected = agents.map((agent) => reference.classifyUncached(agent));
    const cached = new UserAgentClassifier(4); // smaller than the table: entries are evicted
    for (let pass = 0; pass < 3; pass++)
      for (const [i, agent] of agents.entries())
        expect(cached.classify(agent)).toEqual(expected[i]);
    expect(cached.size).toBe(4);
  });

  it('keys the cache by the agent as clipped for storage', () => {
    const cache = new UserAgentClassifier(10);
    const head = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0 ';
    const long = head + 'y'.repeat(USER_AGENT_MAX);
    const first = cache.classify(long + 'one');
    expect(cache.classify(long + 'two')).toBe(first);
    expect(cache.size).toBe(1);
  });

  it('holds no more than its default bound of agents', () => {
    const cache = new UserAgentClassifier();
    for (let i = 0; i < USER_AGENT_CACHE_MAX + 50; i++) cache.classify(`agent-${i}`);
    expect(cache.size).toBe(USER_AGENT_CACHE_MAX);
    expect(cache.has('agent-0')).toBe(false);
    expect(cache.has(`agent-${USER_AGENT_CACHE_MAX + 49}`)).toBe(true);
  });

  it('flags bots and link previews, including an empty agent', () => {
    for (const agent of [
      '',
      '   ',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'MicrosoftPreview/2.0 +https://aka.ms/MicrosoftPreview',
      'Iframely/1.3.1 (+https://iframely.com/docs/about)',
      'Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)',
      'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)',
      'http.rb/5.1.1 (Mastodon/4.1.2; +https://mastodon.social/)',
      'Pinterest/0.2 (+https://www.pinterest.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ])
      expect(isBotAgent(agent)).toBe(true);
    expect(ua.classify('Twitterbot/1.0')).toEqual({
      browser: 'Twitterbot',
      os: 'Other',
      device: 'bot',
      isBot: true,
    });
  });

  it('counts in-app browsers as people', () => {
    expect(
      isBotAgent(
        'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 [Pinterest/Android]',
      ),
    ).toBe(false);
  });
});

describe('referrerHost', () => {
  it.each([
    ['https://Mail.Google.com/mail/u/0/#inbox', 'mail.google.com'],
    ['http://example.com:8080/a?b=c', 'example.com'],
    ['http://[2001:db8::1]/x', '[2001:db8::1]'],
    [undefined, null],
    ['', null],
    ['not a url', null],
    ['android-app://com.google.android.gm/', null],
    ['javascript:alert(1)', null],
  ])('%s -> %s', (header, expected) => {
    expect(referrerHost(header)).toBe(expected);
  });
});
