import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gmailComposeUrl,
  outlookComComposeUrl,
  outlookComposeUrl,
  yahooComposeUrl,
} from './compose';
import { fieldsArb } from './testing/arbitraries';
import type { MailtoFields } from './types';

/**
 * The WHATWG URL parser of the test runtime. The package compiles without DOM or Node types
 * (so src cannot lean on either), hence this local description of the little we use.
 */
interface WhatwgUrl {
  origin: string;
  pathname: string;
  searchParams: Iterable<[string, string]> & { get(name: string): string | null };
}
const { URL } = globalThis as unknown as { URL: new (input: string) => WhatwgUrl };

const sample: MailtoFields = {
  to: ['a+b@example.com', 'c@example.org'],
  cc: ['d@example.com'],
  bcc: ['e@example.com'],
  subject: 'Hi & bye = 100% #1?',
  body: 'Line 1\nLine 2 😀 café',
};

describe('gmailComposeUrl', () => {
  it('builds the exact URL', () => {
    expect(gmailComposeUrl(sample)).toBe(
      'https://mail.google.com/mail/?view=cm&fs=1' +
        '&to=a%2Bb%40example.com%2Cc%40example.org&cc=d%40example.com&bcc=e%40example.com' +
        '&su=Hi%20%26%20bye%20%3D%20100%25%20%231%3F' +
        '&body=Line%201%0ALine%202%20%F0%9F%98%80%20caf%C3%A9',
    );
  });

  it('omits empty parameters', () => {
    expect(
      gmailComposeUrl({ to: ['a@example.com'], cc: [], bcc: [' '], subject: '', body: '' }),
    ).toBe('https://mail.google.com/mail/?view=cm&fs=1&to=a%40example.com');
    expect(gmailComposeUrl({})).toBe('https://mail.google.com/mail/?view=cm&fs=1');
  });
});

describe('outlookComposeUrl', () => {
  it('builds the exact URL', () => {
    expect(outlookComposeUrl({ to: ['a@example.com'], subject: 'Hi there', body: 'x\r\ny' })).toBe(
      'https://outlook.office.com/mail/deeplink/compose?to=a%40example.com&subject=Hi%20there&body=x%0Ay',
    );
  });

  it('has no query when every field is empty', () => {
    expect(outlookComposeUrl({})).toBe('https://outlook.office.com/mail/deeplink/compose');
  });
});

describe('outlookComComposeUrl', () => {
  it('builds the exact URL with every field', () => {
    expect(outlookComComposeUrl(sample)).toBe(
      'https://outlook.live.com/mail/0/deeplink/compose' +
        '?to=a%2Bb%40example.com%2Cc%40example.org&cc=d%40example.com&bcc=e%40example.com' +
        '&subject=Hi%20%26%20bye%20%3D%20100%25%20%231%3F' +
        '&body=Line%201%0ALine%202%20%F0%9F%98%80%20caf%C3%A9',
    );
  });

  it('has no query when every field is empty', () => {
    expect(outlookComComposeUrl({})).toBe('https://outlook.live.com/mail/0/deeplink/compose');
  });
});

describe('yahooComposeUrl', () => {
  it('builds the exact URL', () => {
    expect(yahooComposeUrl({ to: ['a@example.com'], bcc: ['b@example.com'], body: '1+1' })).toBe(
      'https://compose.mail.yahoo.com/?to=a%40example.com&bcc=b%40example.com&body=1%2B1',
    );
  });

  it('has no query when every field is empty', () => {
    expect(yahooComposeUrl({})).toBe('https://compose.mail.yahoo.com/');
  });
});

/** What URLSearchParams should read back from a compose URL built from `f`. */
function expectedParams(f: MailtoFields, subjectKey: string): Record<string, string> {
  const all: Record<string, string> = {
    to: f.to.join(','),
    cc: f.cc.join(','),
    bcc: f.bcc.join(','),
    [subjectKey]: f.subject,
    body: f.body,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== ''));
}

describe('compose URLs read back through new URL()', () => {
  it.each([
    ['gmail', gmailComposeUrl, 'su', 'https://mail.google.com/mail/', { view: 'cm', fs: '1' }],
    [
      'outlook',
      outlookComposeUrl,
      'subject',
      'https://outlook.office.com/mail/deeplink/compose',
      {},
    ],
    [
      'outlook.com',
      outlookComComposeUrl,
      'subject',
      'https://outlook.live.com/mail/0/deeplink/compose',
      {},
    ],
    ['yahoo', yahooComposeUrl, 'subject', 'https://compose.mail.yahoo.com/', {}],
  ] as const)(
    '%s: searchParams equal the fields (property)',
    (_name, build, subjectKey, base, fixed) => {
      fc.assert(
        fc.property(fieldsArb, (f) => {
          const url = new URL(build(f));
          expect(url.origin + url.pathname).toBe(base);
          expect(Object.fromEntries(url.searchParams)).toEqual({
            ...fixed,
            ...expectedParams(f, subjectKey),
          });
        }),
      );
    },
  );

  it.each([
    ['gmail', gmailComposeUrl, 'su'],
    ['outlook', outlookComposeUrl, 'subject'],
    ['outlook.com', outlookComComposeUrl, 'subject'],
    ['yahoo', yahooComposeUrl, 'subject'],
  ] as const)('%s: 40 recipients, unicode, &, #, + and line breaks read back', (_n, build, su) => {
    const to = Array.from({ length: 40 }, (_, i) => `user+${i}@example.com`);
    const fields: MailtoFields = {
      to,
      cc: ['jörg@bücher.example', "o'brien@example.ie"],
      bcc: ['x&y@example.com'],
      subject: 'Größe #3 & 1+1 = 2 — 日本語',
      body: 'Hallo,\n\nA&B #tag 1+1\n— 😀 café',
    };
    const url = new URL(build(fields));
    expect(url.searchParams.get('to')).toBe(to.join(','));
    expect(url.searchParams.get('cc')).toBe("jörg@bücher.example,o'brien@example.ie");
    expect(url.searchParams.get('bcc')).toBe('x&y@example.com');
    expect(url.searchParams.get(su)).toBe(fields.subject);
    expect(url.searchParams.get('body')).toBe(fields.body);
  });

  it('writes a subject line break as a space and body line breaks as \\n', () => {
    const url = new URL(gmailComposeUrl({ subject: 'a\r\nb', body: 'c\r\nd\re' }));
    expect(url.searchParams.get('su')).toBe('a b');
    expect(url.searchParams.get('body')).toBe('c\nd\ne');
  });
});
