import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMailto } from './build';
import { MailtoParseError, parseMailto } from './parse';
import { addressArb, bodyArb, fieldsArb, subjectArb } from './testing/arbitraries';
import type { MailtoFields } from './types';

function fields(partial: Partial<MailtoFields>): MailtoFields {
  return { to: [], cc: [], bcc: [], subject: '', body: '', ...partial };
}

function roundTrip(f: MailtoFields): void {
  expect(parseMailto(buildMailto(f))).toEqual({ ...f, headers: {} });
}

describe('round trips of nasty values', () => {
  it.each<[string, Partial<MailtoFields>]>([
    ['accents', { subject: 'Café crème brûlée', body: 'Ça va ? Größe: 5 µm' }],
    ['CJK and RTL', { subject: '納豆 مرحبا עברית', body: '日本語\nالعربية' }],
    ['emoji incl. ZWJ sequences and skin tones', { subject: '😀👩‍👩‍👧👋🏽🏳️‍🌈', body: '🇫🇷 ❤️' }],
    ['query metacharacters', { subject: '+ & = ? # %', body: 'a=1&b=2?c#d%e+f' }],
    ['literal escapes typed by the user', { subject: '%20 %2B %0D%0A %', body: '%%%25%ZZ' }],
    ['HTML entities', { subject: '&amp; &lt;', body: '<a href="x">&quot;</a>' }],
    ['leading and trailing whitespace', { subject: '  padded  ', body: '\n\n  x  \n\n' }],
    ['special whitespace', { subject: '\u00a0\u2028\u2029\ufeff\t', body: '\t\v\f' }],
    ['NUL and control characters', { subject: '\u0000\u0007\u001b', body: '\u007f\u0085' }],
    ['only line breaks', { body: '\n' }],
    ['mailto inside the body', { body: 'mailto:x@y.org?subject=z&body=w' }],
    [
      '+ & ? # % = in addresses',
      {
        to: ['a+b@example.com', 'c&d@example.com', 'e?f@example.com', 'g#h@example.com'],
        cc: ['i%j@example.com', 'k=l@example.com'],
        bcc: ['"quoted @ string"@example.com'],
      },
    ],
    ['IDN addresses', { to: ['用户@例子.广告', 'josé@bücher.example'] }],
  ])('%s', (_name, partial) => {
    roundTrip(fields({ to: ['someone@example.com'], ...partial }));
  });

  it('normalises CRLF and lone CR in the body to \\n', () => {
    const url = buildMailto({ body: 'a\r\nb\rc\nd\r\n\r\n' });
    expect(parseMailto(url).body).toBe('a\nb\nc\nd\n\n');
  });

  it('turns subject line breaks into spaces', () => {
    expect(parseMailto(buildMailto({ subject: 'a\r\nb\rc\nd' })).subject).toBe('a b c d');
  });

  it('round-trips a 100 KB body', () => {
    const line = 'Lorem ipsum dolor sit amet, çé 😀 + & = ? # % %20 ';
    const body = Array.from({ length: 2000 }, (_, i) => `${i}: ${line}`).join('\n');
    expect(body.length).toBeGreaterThan(100_000);
    const url = buildMailto({ to: ['a@example.com'], subject: 'big', body });
    expect(parseMailto(url)).toEqual({
      ...fields({ to: ['a@example.com'], subject: 'big', body }),
      headers: {},
    });
  });
});

describe('properties', () => {
  it('parseMailto(buildMailto(f)) equals f', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        expect(parseMailto(buildMailto(f))).toEqual({ ...f, headers: {} });
      }),
      { numRuns: 500 },
    );
  });

  it('a built link is printable ASCII: no space, no control character, nothing above 0x7E', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        expect(buildMailto(f)).toMatch(/^[\x21-\x7e]*$/);
      }),
    );
  });

  it('a built link never contains a raw + # " < > \\ or any other character needing escape', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        expect(buildMailto(f)).toMatch(/^mailto:[A-Za-z0-9\-._~!$'()*,:@%?&=]*$/);
        expect(buildMailto(f)).not.toMatch(/[+#"<>\\^`{|}[\] ;/]/);
      }),
    );
  });

  it('every % in a built link starts a valid escape', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        expect(buildMailto(f).replace(/%[0-9A-F]{2}/g, '')).not.toContain('%');
      }),
    );
  });

  it('a built link has one "?" at most, and well-formed fields in the order cc, bcc, subject, body', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        const url = buildMailto(f);
        const [, query, ...rest] = url.split('?');
        expect(rest).toEqual([]);
        if (query === undefined) return;
        const names = query.split('&').map((part) => {
          expect(part).toMatch(/^[a-z]+=[^=&]+$/);
          return part.slice(0, part.indexOf('='));
        });
        const order = ['cc', 'bcc', 'subject', 'body'];
        expect(names).toEqual(order.filter((name) => names.includes(name)));
      }),
    );
  });

  it('the path holds exactly the to addresses, one comma between each', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        const path = buildMailto(f).slice('mailto:'.length).split('?')[0] ?? '';
        expect(path === '' ? 0 : path.split(',').length).toBe(f.to.length);
      }),
    );
  });

  it('building is idempotent through a parse', () => {
    fc.assert(
      fc.property(fieldsArb, (f) => {
        const url = buildMailto(f);
        expect(buildMailto(parseMailto(url))).toBe(url);
      }),
    );
  });

  it('a subject with line breaks comes back with spaces in their place', () => {
    fc.assert(
      fc.property(
        fc.array(subjectArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('\n', '\r', '\r\n'),
        (parts, br) => {
          expect(parseMailto(buildMailto({ subject: parts.join(br) })).subject).toBe(
            parts.join(' '),
          );
        },
      ),
    );
  });

  it('a body with any kind of line break comes back with \\n', () => {
    // Parts never start with \n, so that joining with a lone CR cannot form a CRLF.
    const part = bodyArb.map((b) => b.replace(/^\n+/, ''));
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('\r', '\r\n'),
        (parts, br) => {
          expect(parseMailto(buildMailto({ body: parts.join(br) })).body).toBe(parts.join('\n'));
        },
      ),
    );
  });

  it('addresses are trimmed; blank ones disappear', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('', ' ', '\t', '  \n'),
            addressArb,
            fc.constantFrom('', ' ', '\r\n'),
          ),
          { maxLength: 4 },
        ),
        fc.array(fc.constantFrom('', ' ', '\t\n'), { maxLength: 3 }),
        (padded, blanks) => {
          const to = [...padded.map(([a, b, c]) => a + b + c), ...blanks];
          expect(parseMailto(buildMailto({ to })).to).toEqual(padded.map(([, address]) => address));
        },
      ),
    );
  });

  const mailtoJunk = fc
    .array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 6 }),
        fc.constantFrom(
          '%',
          '%2',
          '%C3',
          '%A9',
          '%E7%B4',
          '%F0%9F',
          '%0D%0A',
          '&',
          '&amp;',
          '=',
          '?',
          ',',
          '#',
          '+',
          ' ',
          '\r',
          '\n',
          '__proto__',
          'to',
          'cc',
          'body',
        ),
      ),
      { maxLength: 20 },
    )
    .map((parts) => parts.join(''));

  it('parseMailto never throws on a string that starts with mailto: (any case, any padding)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mailto:', 'MAILTO:', 'MailTo:', ' mailto:', '\n\tmailto:'),
        fc.oneof(mailtoJunk, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
        (scheme, rest) => {
          const result = parseMailto(scheme + rest);
          expect(Array.isArray(result.to)).toBe(true);
          expect(typeof result.body).toBe('string');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('parseMailto throws MailtoParseError, and only that, on anything not starting with mailto:', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        fc.pre(!s.trim().toLowerCase().startsWith('mailto:'));
        expect(() => parseMailto(s)).toThrow(MailtoParseError);
      }),
    );
  });
});
